package org.kwire.cli;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * The {@code kwire} command: dispatches to a sub-command. Errors the user can fix are one line on stderr and a
 * non-zero exit code ({@link ExitCodes}); anything else is a bug and prints its stack trace.
 */
public final class Kwire {

    static final String USAGE = """
            usage: kwire <command> [options]

            commands:
              analyze [FILE...]   analyze captures into a JSON report (no FILE: the bundled sample capture)
              report REPORT.json  turn a report of analyze into one self-contained HTML page with charts (-o FILE)
              dissect FILE...     print every Kafka frame field by field (text tree, JSON tree, or Kafka's JSON values)
              schema [API]        list Kafka APIs and versions, show one's fields, or --minimal: dissect its smallest instance
              live -i IFACE       capture Kafka traffic live and report on it (needs libpcap and capture rights)
              interfaces          list the interfaces live can capture on

            kwire <command> --help shows a command's options.

            exit codes: 0 ok, 1 internal error, 2 usage error, 3 unreadable or invalid input,
                        4 finished with warnings (only with --strict)
            """;

    private Kwire() {
    }

    /** Entry point: runs the command and exits with its code. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs a command.
     *
     * @return the exit code ({@link ExitCodes})
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            (args.length == 0 ? err : out).print(USAGE);
            return args.length == 0 ? ExitCodes.USAGE : ExitCodes.OK;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            return switch (args[0]) {
                case "analyze" -> new AnalyzeCommand().run(rest, out, err);
                case "report" -> new ReportCommand(System.in).run(rest, out);
                case "dissect" -> new DissectCommand().run(rest, out, err);
                case "schema" -> new SchemaCommand().run(rest, out);
                case "live" -> new LiveCommand().run(rest, out, err);
                case "interfaces" -> new InterfacesCommand().run(rest, out);
                default -> throw new CliException(ExitCodes.USAGE, "unknown command '" + args[0] + "' (try kwire --help)");
            };
        } catch (CliException e) {
            err.println("kwire: " + e.getMessage());
            return e.exitCode();
        }
    }
}
