package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.kwire.live.LiveCaptureException;
import org.kwire.live.NetworkInterfaces;
import org.kwire.net.Endpoint;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code kwire interfaces}: the interfaces {@code kwire live -i} can capture on, one per line, tab-separated:
 * name, state ({@code up} or {@code down}, {@code ,loopback} for loopback), addresses (comma-separated), description.
 */
final class InterfacesCommand {

    static Options options() {
        Options o = new Options();
        OutputOptions.output(o, "the list", "");
        OutputOptions.help(o);
        return o;
    }

    /** Lists the devices on {@code out}; exit code 0, or a CliException (code 3) if libpcap is missing or fails. */
    int run(String[] args, PrintStream stdout) throws CliException {
        CommandLine cl = Cli.parseQuietless("interfaces", options(), args, stdout, "kwire interfaces [-o FILE]", "List the interfaces kwire live -i can capture on: name, state, "
                    + "addresses, description (tab-separated).");
        if (cl == null) {
            return ExitCodes.OK;
        }
        if (!cl.getArgList().isEmpty()) {
            throw new CliException(ExitCodes.USAGE, "interfaces: unexpected argument '" + cl.getArgList().get(0) + "'");
        }
        OutputGuard.check(cl, List.of(), "output");
        StringBuilder out = new StringBuilder();
        List<NetworkInterfaces.Device> devices;
        try {
            devices = NetworkInterfaces.list();
        } catch (LiveCaptureException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        }
        for (NetworkInterfaces.Device d : devices) {
            List<String> addresses = new ArrayList<>();
            for (String a : d.addresses()) {
                addresses.add(shortForm(a));
            }
            out.append(d.name()).append('\t').append(d.up() ? "up" : "down").append(d.loopback() ? ",loopback" : "")
                    .append('\t').append(String.join(",", addresses)).append('\t').append(d.description())
                    .append(System.lineSeparator());
        }
        OutputOptions.write(cl, stdout, out.toString());
        return ExitCodes.OK;
    }

    /** IPv6 addresses in RFC 5952's short form ({@code ::1}), as the report writes them; others unchanged. */
    private static String shortForm(String address) {
        String bare = address.replaceAll("%.*", "");
        if (!bare.contains(":")) {
            return address;
        }
        try {
            return new Endpoint(InetAddress.getByName(bare).getAddress(), 0).host();
        } catch (UnknownHostException e) {
            return address; // a literal address never needs a lookup; keep libpcap's text if it does
        }
    }
}
