package org.kwire.report;

import org.kwire.groups.GroupEvent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Ties consumer clients to consumer groups, the one rule of the {@code consumer_lag} section's fetch lag and the
 * metrics' {@code kwire_consumer_lag_records{kind="fetch"}}: a client (client_id and address, without the port: the
 * coordinator is another connection) is tied to a group when the group exchanges the report keeps
 * ({@link org.kwire.groups.GroupAccumulator#logged}) include requests for exactly that group from it; with several
 * groups it is ambiguous and none is named. Two consumers with one client_id on one host are one client here. At most
 * {@code max} clients are kept, the least recently tied or asked forgotten first. Not thread-safe.
 */
public final class GroupTies {

    private final Map<String, TreeSet<String>> byClient;

    /** @param max clients kept */
    public GroupTies(int max) {
        this.byClient = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, TreeSet<String>> eldest) {
                return size() > max;
            }
        };
    }

    /** Takes a kept group event: its group, client_id and client address, if it has all three. */
    public void add(GroupEvent e) {
        if (e.group() != null && e.clientId() != null && e.client() != null) {
            byClient.computeIfAbsent(e.clientId() + '\0' + ClientAccumulator.address(e.client()), k -> new TreeSet<>())
                    .add(e.group());
        }
    }

    /** Every group the client at {@code address} (without port) with {@code clientId} asked for, sorted. */
    public List<String> groups(String clientId, String address) {
        TreeSet<String> g = byClient.get(clientId + '\0' + address);
        return g == null ? List.of() : List.copyOf(g);
    }

    /** The group of a client whose requests named {@code groups}: the only one, else null (none, or ambiguous). */
    public static String tied(List<String> groups) {
        return groups.size() == 1 ? groups.get(0) : null;
    }
}
