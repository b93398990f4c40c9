package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
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
        OutputOptions.requiredOutput(o, "the plugin", "kwire.lua in a Wireshark plugins folder");
        InputOptions.schemas(o);
        OutputOptions.help(o);
        return o;
    }

    int run(String[] args, PrintStream out) throws CliException {
        CommandLine cl = Cli.parseQuietless("wireshark-plugin", options(), args, out, "kwire wireshark-plugin -o kwire.lua [--schemas DIR]",
                    "Write a Wireshark dissector (Lua) for every Kafka API and version kwire knows: protocol kwire, "
                            + "its fields named kwire.<api>.<request|response>.<field>, requests and responses linked and "
                            + "timed, RecordBatch CRCs checked.");
        if (cl == null) {
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
        String file = OutputOptions.file(cl);
        SchemaRegistry schemas = InputOptions.schemas(cl);
        String generator = Kwire.version().replaceFirst(" \\(.*", "");
        try (Writer w = new OutputStreamWriter(OutputOptions.open(cl, out), StandardCharsets.UTF_8)) {
            WiresharkPlugin.write(schemas, generator, w);
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (file == null ? "stdout" : file) + ": " + Cli.why(e));
        }
        return ExitCodes.OK;
    }
}
