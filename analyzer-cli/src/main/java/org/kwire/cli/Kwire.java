package org.kwire.cli;

import org.kwire.analysis.ConfigException;
import org.kwire.schema.SchemaRegistry;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;
import java.util.Properties;

/**
 * The {@code kwire} command: dispatches to a sub-command. Errors the user can fix are one line on stderr and a
 * non-zero exit code ({@link ExitCodes}); anything else is a bug and prints its stack trace.
 */
public final class Kwire {

    /**
     * What {@code kwire --help} prints: the commands as {@link Commands} lists them (the reference pages' own summaries),
     * then the version flags and the exit codes.
     */
    static String usage() {
        return "usage: kwire <command> [options]\n\ncommands:\n" + Commands.list(118) + """

                kwire <command> --help shows a command's options; kwire --version (or -v) shows the version.

                exit codes: 0 ok, 1 internal error, 2 usage error, 3 unreadable or invalid input,
                            4 finished with warnings (only with --strict), 130 after Ctrl-C (SIGINT), 143 after SIGTERM
                """;
    }

    private Kwire() {
    }

    /**
     * What {@code kwire --version} prints: {@code kwire VERSION (Kafka schemas of 4.4.0, 4.0.0, 3.9.1; Java 17.0.15)},
     * the version from the build, the Kafka releases whose message schemas are bundled, and the JVM running it.
     */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = Kwire.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // reported as an unknown version below
        }
        return "kwire " + p.getProperty("version", "(version unknown)") + " (Kafka schemas of "
                + String.join(", ", SchemaRegistry.bundled().releases()) + "; Java " + Runtime.version() + ")";
    }

    /**
     * Standard input as an interruptible channel: closing it from another thread (a signal's shutdown hook, see
     * {@link SignalStop}) wakes a read blocked on a pipe, which {@link System#in} would not. Only reads go to the
     * channel (skips read too): a pipe cannot seek.
     */
    static InputStream stdin() {
        FileChannel in = new FileInputStream(FileDescriptor.in).getChannel();
        return Channels.newInputStream(new ReadableByteChannel() {
            @Override
            public int read(ByteBuffer dst) throws IOException {
                return in.read(dst);
            }

            @Override
            public boolean isOpen() {
                return in.isOpen();
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        });
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
            (args.length == 0 ? err : out).print(usage());
            return args.length == 0 ? ExitCodes.USAGE : ExitCodes.OK;
        }
        if (args[0].equals("--version") || args[0].equals("-v")) {
            out.println(version());
            return ExitCodes.OK;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        boolean terminal = out == System.out && Terminal.isTerminal(Terminal.STDOUT);
        try {
            return switch (args[0]) {
                case "analyze" -> new AnalyzeCommand(stdin(), terminal).run(rest, out, err);
                case "report" -> new ReportCommand(System.in).run(rest, out);
                case "merge" -> new MergeCommand(terminal, System.in).run(rest, out, err);
                case "dissect" -> new DissectCommand(stdin()).run(rest, out, err);
                case "schema" -> new SchemaCommand().run(rest, out);
                case "live" -> new LiveCommand(terminal).run(rest, out, err);
                case "interfaces" -> new InterfacesCommand().run(rest, out);
                case "wireshark-plugin" -> new WiresharkPluginCommand().run(rest, out);
                default -> throw new CliException(ExitCodes.USAGE, "unknown command '" + args[0] + "' (try kwire --help)");
            };
        } catch (CliException e) {
            Cli.say(err, e.getMessage());
            return e.exitCode();
        } catch (ConfigException e) { // a setting the library refused where the command did not say it first
            Cli.say(err, e.getMessage());
            return ExitCodes.USAGE;
        }
    }
}
