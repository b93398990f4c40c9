package org.kwire.cli;

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

    /** Lists the devices on {@code out}; exit code 0, or a CliException (code 3) if libpcap is missing or fails. */
    int run(String[] args, PrintStream out) throws CliException {
        if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
            out.println("usage: kwire interfaces\n\nLists the interfaces kwire live -i can capture on: "
                    + "name, state, addresses, description (tab-separated).");
            return ExitCodes.OK;
        }
        if (args.length > 0) {
            throw new CliException(ExitCodes.USAGE, "interfaces: unexpected argument '" + args[0] + "'");
        }
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
            out.println(d.name() + "\t" + (d.up() ? "up" : "down") + (d.loopback() ? ",loopback" : "") + "\t"
                    + String.join(",", addresses) + "\t" + d.description());
        }
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
