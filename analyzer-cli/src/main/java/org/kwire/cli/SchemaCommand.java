package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.dissect.FrameDissector;
import org.kwire.encode.InstanceEncoder;
import org.kwire.encode.MinimalValues;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.plan.StructPlan;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.HeaderVersions;
import org.kwire.protocol.WireReader;
import org.kwire.records.RecordsOptions;
import org.kwire.render.TextTree;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.SortedSet;

/**
 * {@code kwire schema [API] [--api-version N] [--minimal]} ({@code --version N} is accepted for {@code --api-version}): the APIs and versions kwire knows, one API version's
 * structure, or the smallest legal instance of its request and response dissected as the reference pages show it.
 */
final class SchemaCommand {

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("api-version").hasArg().argName("N").desc("API version (default: the newest)").build());
        o.addOption(Option.builder().longOpt("version").hasArg().argName("N")
                .desc("the same as --api-version (kept for scripts; kwire --version is kwire's own version)").build());
        o.addOption(Option.builder().longOpt("minimal")
                .desc("encode the smallest legal request and response and print their dissection").build());
        InputOptions.schemas(o);
        OutputOptions.output(o, "the list, fields or instance", "");
        OutputOptions.help(o);
        return o;
    }

    int run(String[] args, PrintStream stdout) throws CliException {
        CommandLine cl = Cli.parseQuietless("schema", options(), args, stdout, "kwire schema [API] [--api-version N] [--minimal]",
                    "List Kafka APIs and versions, show one API version's fields, or dissect its smallest instance.");
        if (cl == null) {
            return ExitCodes.OK;
        }
        OutputGuard.check(cl, java.util.List.of(), "output");
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream(); // written once whole: no file on a refusal
        show(cl, new PrintStream(text, true, java.nio.charset.StandardCharsets.UTF_8));
        OutputOptions.write(cl, stdout, text.toString(java.nio.charset.StandardCharsets.UTF_8));
        return ExitCodes.OK;
    }

    private static void show(CommandLine cl, PrintStream out) throws CliException {
        SchemaRegistry schemas = InputOptions.schemas(cl);
        if (cl.getArgList().isEmpty()) {
            if (cl.hasOption("minimal") || cl.hasOption("version") || cl.hasOption("api-version")) {
                throw new CliException(ExitCodes.USAGE, "schema: --minimal and --api-version need an API (kwire schema lists them)");
            }
            list(schemas, out);
            return;
        }
        if (cl.getArgList().size() > 1) {
            throw new CliException(ExitCodes.USAGE, "schema: one API at a time (got " + String.join(" ", cl.getArgList()) + ")");
        }
        String name = cl.getArgList().get(0);
        int apiKey = name.matches("\\d+") && schemas.apiKeys().contains(Integer.parseInt(name)) ? Integer.parseInt(name)
                : schemas.apiKey(name);
        if (apiKey < 0) {
            throw new CliException(ExitCodes.USAGE, "unknown API '" + name + "' (kwire schema lists them)");
        }
        SortedSet<Integer> versions = schemas.versions(apiKey, Direction.REQUEST);
        if (cl.hasOption("version") && cl.hasOption("api-version")) {
            throw new CliException(ExitCodes.USAGE, "schema: --version is --api-version: give one of them");
        }
        String versionOption = cl.hasOption("version") ? "version" : "api-version";
        int version = cl.hasOption(versionOption) ? Cli.intValue(cl, versionOption, 0) : versions.last();
        if (!versions.contains(version)) {
            throw new CliException(ExitCodes.USAGE, schemas.apiName(apiKey) + " has no version " + version + " (known: "
                    + versions.first() + "-" + versions.last() + ")");
        }
        PlanCache plans = new PlanCache(schemas);
        if (cl.hasOption("minimal")) {
            minimal(plans, apiKey, version, out);
        } else {
            for (Direction d : Direction.values()) {
                Optional<MessagePlan> p = plans.plan(apiKey, d, version);
                if (p.isEmpty()) {
                    out.println(schemas.apiName(apiKey) + " " + d.schemaType() + ": no schema defines v" + version);
                    continue;
                }
                out.println(p.get().spec().name() + " v" + version + " (Kafka " + p.get().spec().release() + ", "
                        + (p.get().body().flexible() ? "flexible" : "not flexible") + ")");
                structure(p.get().body(), "  ", out);
            }
        }
    }

    private static void list(SchemaRegistry schemas, PrintStream out) {
        out.printf("%-7s %-40s %-10s %-10s %s%n", "api_key", "name", "requests", "responses", "flexible from");
        for (int key : schemas.apiKeys()) {
            SortedSet<Integer> req = schemas.versions(key, Direction.REQUEST);
            SortedSet<Integer> resp = schemas.versions(key, Direction.RESPONSE);
            String flexible = req.stream().filter(v -> schemas.isFlexible(key, Direction.REQUEST, v)).findFirst()
                    .map(v -> "v" + v).orElse("-");
            out.printf("%-7d %-40s %-10s %-10s %s%n", key, schemas.apiName(key), range(req), range(resp), flexible);
        }
    }

    private static String range(SortedSet<Integer> versions) {
        return versions.isEmpty() ? "-" : versions.first() + "-" + versions.last();
    }

    private static void structure(StructPlan s, String indent, PrintStream out) {
        for (FieldPlan f : s.fields()) {
            String flags = (f.nullable() ? " nullable" : "") + (f.isTagged() ? " tag=" + f.tag() : "");
            out.println(indent + f.name() + " " + f.typeName() + flags + (f.about().isEmpty() ? "" : "  -- " + f.about()));
            if (f.struct() != null) {
                structure(f.struct(), indent + "  ", out);
            }
        }
    }

    private static void minimal(PlanCache plans, int apiKey, int version, PrintStream out) throws CliException {
        HeaderDecoder headers = new HeaderDecoder(plans.schemas());
        HeaderVersions hv = headers.headerVersions();
        FrameDissector dissector = new FrameDissector(plans, Records.handler(RecordsOptions.defaults()), true);
        InstanceEncoder encoder = new InstanceEncoder(new MinimalValues());
        for (Direction d : Direction.values()) {
            Optional<MessagePlan> plan = plans.plan(apiKey, d, version);
            if (plan.isEmpty()) {
                throw new CliException(ExitCodes.USAGE, plans.schemas().apiName(apiKey) + " " + d.schemaType()
                        + ": no schema defines v" + version);
            }
            MessagePlan p = plan.get();
            boolean request = d == Direction.REQUEST;
            int headerVersion = request ? hv.requestHeaderVersion(apiKey, version) : hv.responseHeaderVersion(apiKey, version);
            ByteBuffer frame = encoder.frame(p, headerVersion, 0, "");
            out.println(p.spec().name() + " v" + version + ", " + (request ? "request" : "response") + " header v"
                    + headerVersion + ", " + frame.limit() + " bytes on the wire");
            try {
                TextTree.print(request ? dissector.requestTree(frame, headers.request(frame), 0)
                        : dissector.responseTree(frame, headers.response(frame, apiKey, version), apiKey, version, 0), out);
            } catch (WireReader.Truncated e) {
                throw new IllegalStateException("the minimal instance's header does not decode", e);
            }
            out.println();
        }
    }
}
