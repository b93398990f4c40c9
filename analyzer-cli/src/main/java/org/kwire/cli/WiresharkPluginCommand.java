package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.schema.SchemaRegistry;
import org.kwire.wireshark.WiresharkPlugin;

import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code kwire wireshark-plugin -o kwire.lua [--schemas DIR]}: writes the Wireshark Lua dissector generated from the
 * bundled schemas (and a {@code --schemas} folder's), see {@link WiresharkPlugin}.
 */
final class WiresharkPluginCommand {

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("write the plugin to FILE (kwire.lua in a Wireshark plugins folder; - for standard output)").build());
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    int run(String[] args, PrintStream out) throws CliException {
        CommandLine cl = Cli.parse("wireshark-plugin", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire wireshark-plugin -o kwire.lua [--schemas DIR]",
                    "Write a Wireshark dissector (Lua) for every Kafka API and version kwire knows: protocol kwire, "
                            + "its fields named kwire.<api>.<request|response>.<field>, requests and responses linked and "
                            + "timed, RecordBatch CRCs checked.", options());
            return ExitCodes.OK;
        }
        if (!cl.getArgList().isEmpty()) {
            throw new CliException(ExitCodes.USAGE, "wireshark-plugin: no arguments expected (got "
                    + String.join(" ", cl.getArgList()) + ")");
        }
        if (!cl.hasOption("output")) {
            throw new CliException(ExitCodes.USAGE, "wireshark-plugin: -o FILE is required (e.g. -o kwire.lua)");
        }
        OutputGuard.check(cl, List.of(), "output");
        String file = cl.getOptionValue("output");
        SchemaRegistry schemas = Cli.schemas(cl);
        String generator = Kwire.version().replaceFirst(" \\(.*", "");
        try (Writer w = new OutputStreamWriter(Cli.output(file.equals("-") ? null : file, out), StandardCharsets.UTF_8)) {
            WiresharkPlugin.write(schemas, generator, w);
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (file.equals("-") ? "stdout" : file) + ": " + Cli.why(e));
        }
        return ExitCodes.OK;
    }
}
