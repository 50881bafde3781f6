package dev.toolspill.redact;

import java.util.Map;
import java.util.TreeMap;

/** How many values of which kinds were redacted from one output ({@code {"aws-access-key-id": 1}}); empty: none. */
public record Redactions(Map<String, Integer> byKind) {

    public static final Redactions NONE = new Redactions(Map.of());

    public Redactions {
        byKind = Map.copyOf(byKind);
    }

    public boolean none() {
        return byKind.isEmpty();
    }

    public int total() {
        return byKind.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The counts in kind order, for an answer: null when there are none, so an answer without secrets is as before. */
    public Map<String, Integer> orNull() {
        return none() ? null : new TreeMap<>(byKind);
    }

    public Redactions plus(Redactions other) {
        if (other.none()) {
            return this;
        }
        Map<String, Integer> sum = new TreeMap<>(byKind);
        other.byKind.forEach((kind, n) -> sum.merge(kind, n, Integer::sum));
        return new Redactions(sum);
    }

    /** A line for a reader: {@code 2 values redacted (aws-access-key-id: 1, jwt: 1)}. */
    public String note() {
        StringBuilder line = new StringBuilder().append(total()).append(total() == 1 ? " value" : " values").append(" redacted (");
        new TreeMap<>(byKind).forEach((kind, n) -> line.append(kind).append(": ").append(n).append(", "));
        line.setLength(line.length() - 2);
        return line.append(')').toString();
    }
}
