package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.kwire.html.ReportPage;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * {@code kwire report REPORT.json [-o report.html]}: turns a report written by {@code kwire analyze} into one
 * self-contained HTML page with charts and tables ({@link ReportPage}).
 */
final class ReportCommand {

    private final InputStream stdin;

    /** @param stdin where the report is read from when its name is {@code -} */
    ReportCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    static Options options() {
        Options o = new Options();
        OutputOptions.output(o, "the page", "");
        JsonInputOptions.add(o, "report");
        OutputOptions.help(o);
        return o;
    }

    /**
     * Runs the command.
     *
     * @return {@link ExitCodes#OK}
     * @throws CliException exit code 2 without exactly one REPORT, 3 if it cannot be read, is not a report, or the
     *                      page cannot be written
     */
    int run(String[] args, PrintStream out) throws CliException {
        CommandLine cl = Cli.parseQuietless("report", options(), args, out, "kwire report [options] REPORT.json", "Write a report of kwire analyze (a file, or - for "
                    + "stdin) as one self-contained HTML page with charts and tables. The report is checked first: within "
                    + "the limits below, field by field against docs/report.schema.json; a damaged one is refused in one "
                    + "line naming its field (exit code 3).");
        if (cl == null) {
            return ExitCodes.OK;
        }
        if (cl.getArgList().size() != 1) {
            throw new CliException(ExitCodes.USAGE, "report: give exactly one REPORT.json (or - for stdin)");
        }
        OutputGuard.check(cl, cl.getArgList(), "output");
        String page = ReportPage.render(ReportInput.read(cl.getArgList().get(0), stdin, JsonInputOptions.input(cl, "report")));
        OutputOptions.write(cl, out, page);
        return ExitCodes.OK;
    }
}
