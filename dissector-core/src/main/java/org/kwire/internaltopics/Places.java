package org.kwire.internaltopics;

import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/** The entries of a part with their topics named (an id the capture named), each place once, in log order. */
final class Places {

    /** Characters of a topic id in Kafka's base64 form (16 bytes, no padding). */
    private static final int ID_LENGTH = 22;

    private Places() {
    }

    /**
     * The entries whose topic is {@code topic} or an id never named (a coordinator's log recognised by its records:
     * once the id is named, another topic's name rules it out), by place.
     */
    static <T> List<T> resolved(List<T> entries, UnaryOperator<String> names, Function<T, LogPlace> at, String topic) {
        TreeMap<LogPlace, T> out = new TreeMap<>();
        for (T e : entries) {
            String name = names.apply(at.apply(e).topic());
            boolean unnamedId = name.equals(at.apply(e).topic()) && name.length() == ID_LENGTH;
            if (name.equals(topic) || unnamedId) {
                out.putIfAbsent(at.apply(e).named(names), e);
            }
        }
        return List.copyOf(out.values());
    }
}
