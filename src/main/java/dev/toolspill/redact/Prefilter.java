package dev.toolspill.redact;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The cheap first look: every literal the rules need (a prefix such as {@code ghp_}, a key word such as
 * {@code password}), found by an Aho-Corasick automaton, ASCII case folded, that reads only where {@link Stride} (one
 * hashed 4-byte gram every other byte) says a literal may start; only the rules whose literals occur run their
 * expressions.
 * A JSON escape that can spell a literal's char (<code>&#92;u0041KIA</code>, <code>ghp&#92;u005f</code>, {@code :\/\/}) is a hit of
 * its own ({@link #ESCAPE}): where one occurs, the prefilter reads the decoded text again ({@link #hits(Decoded)}).
 */
final class Prefilter {

    /** Where a literal ends in the text and which rule wants it. */
    record Hit(int end, int rule, int literalLength) {
    }

    /** The rule of a hit that is an escape (<code>&#92;u</code>, {@code \/}, {@code \"}) and no literal: the raw bytes do not show the text. */
    static final int ESCAPE = -1;

    private static final List<String> ESCAPES = List.of("\\u", "\\/", "\\\"");

    private final int[] next; // state * 256 + byte -> the next state; ~state when a literal ends there
    private final int[][] outputs; // per state: literal indexes ending there (fail links folded in)
    private final Stride stride; // where a literal may start: the automaton reads only there
    private final int[] ruleOf;
    private final int[] lengthOf;
    private final int longest;

    /** {@code literals.get(i)} are the literals of rule {@code i}. */
    Prefilter(List<List<String>> literals) {
        List<int[]> goTo = new ArrayList<>();
        List<List<Integer>> out = new ArrayList<>();
        goTo.add(new int[256]);
        out.add(new ArrayList<>());
        List<Integer> rules = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        for (int rule = ESCAPE; rule < literals.size(); rule++) {
            for (String literal : rule == ESCAPE ? ESCAPES : literals.get(rule)) {
                int state = 0;
                for (byte b : literal.toLowerCase(java.util.Locale.ROOT).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    int c = b & 0xFF;
                    if (goTo.get(state)[c] == 0) {
                        goTo.get(state)[c] = goTo.size();
                        goTo.add(new int[256]);
                        out.add(new ArrayList<>());
                    }
                    state = goTo.get(state)[c];
                }
                out.get(state).add(rules.size());
                rules.add(rule);
                lengths.add(literal.length());
            }
        }
        int[] fail = new int[goTo.size()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < 256; c++) {
            if (goTo.get(0)[c] != 0) {
                queue.add(goTo.get(0)[c]);
            }
        }
        while (!queue.isEmpty()) { // breadth first: a state's fail target is complete before the state
            int state = queue.poll();
            out.get(state).addAll(out.get(fail[state]));
            for (int c = 0; c < 256; c++) {
                int child = goTo.get(state)[c];
                if (child != 0) {
                    fail[child] = goTo.get(fail[state])[c];
                    queue.add(child);
                } else {
                    goTo.get(state)[c] = goTo.get(fail[state])[c];
                }
            }
        }
        for (int[] row : goTo) { // case folding: an upper-case letter goes where its lower case goes
            for (int c = 'A'; c <= 'Z'; c++) {
                row[c] = row[c + 32];
            }
        }
        this.stride = new Stride(literals.stream().flatMap(List::stream).map(literal -> literal.toLowerCase(java.util.Locale.ROOT)).toList());
        this.next = new int[goTo.size() * 256];
        for (int state = 0; state < goTo.size(); state++) {
            for (int c = 0; c < 256; c++) {
                int to = goTo.get(state)[c];
                next[state * 256 + c] = out.get(to).isEmpty() ? to : ~to;
            }
        }
        this.outputs = out.stream().map(list -> list.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
        this.ruleOf = rules.stream().mapToInt(Integer::intValue).toArray();
        this.lengthOf = lengths.stream().mapToInt(Integer::intValue).toArray();
        this.longest = java.util.stream.Stream.concat(ESCAPES.stream(), literals.stream().flatMap(List::stream))
                .mapToInt(literal -> literal.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).max().orElse(0);
    }

    /**
     * The hits in {@code bytes[from, to)}, in order of their ends; empty (and no allocation) when there are none. Where
     * the bytes hold an escape the rules may read through, the one hit is that escape: only the decoded text shows
     * every literal ({@link #hits(Decoded)}). Else the stride filter names the samples near which a literal may start;
     * from one byte before each, the automaton reads until it is back in its start state past the sample's two bytes,
     * so it reports every literal that starts in what it read (in its start state no literal is under way). The bytes
     * it read are not read again.
     */
    List<Hit> hits(byte[] bytes, int from, int to) {
        int escape = Stride.escape(bytes, from, to);
        if (escape >= 0) {
            return List.of(new Hit(escape, ESCAPE, 2));
        }
        List<Hit> hits = List.of();
        int[] table = next;
        int done = from; // every literal that starts before it is reported
        int q = from;
        while (true) {
            q = stride.skip(bytes, q, to);
            int i = Math.max(q - 1, done);
            boolean tail = q > to - Stride.GRAM; // the last few bytes, too few for a gram: read one by one
            int state = 0;
            while (i < to && (tail || i < q + Stride.STEP || state != 0)) {
                state = table[(state << 8) | (bytes[i] & 0xFF)];
                i++;
                if (state < 0) {
                    state = ~state;
                    hits = add(hits, state, i);
                }
            }
            if (tail) {
                return hits;
            }
            done = i;
            q = done - 1 + ((done - 1 - from) & 1); // the first sample at or after done - 1 (a literal after done may start one before a sample)
        }
    }

    /** The bytes of the longest literal (or escape). */
    int longest() {
        return longest;
    }

    /** The hits in the decoded text, their ends in its chars; escapes are not reported (the text has none left). */
    List<Hit> hits(Decoded text) {
        List<Hit> hits = List.of();
        int state = 0;
        for (int i = 0; i < text.length(); i++) {
            state = next[(state << 8) | (text.charAt(i) & 0xFF)];
            if (state < 0) {
                state = ~state;
                hits = add(hits, state, i + 1);
            }
        }
        if (!hits.isEmpty()) {
            hits.removeIf(hit -> hit.rule() == ESCAPE);
        }
        return hits;
    }

    private List<Hit> add(List<Hit> hits, int state, int end) {
        List<Hit> to = hits.isEmpty() ? new ArrayList<>() : hits;
        for (int literal : outputs[state]) {
            to.add(new Hit(end, ruleOf[literal], lengthOf[literal]));
        }
        return to;
    }

    /** Whether the raw bytes hold an escape, so that only the decoded text shows every literal. */
    static boolean escaped(List<Hit> hits) {
        for (Hit hit : hits) {
            if (hit.rule() == ESCAPE) {
                return true;
            }
        }
        return false;
    }

    /** The rules with at least one hit. */
    static BitSet rules(List<Hit> hits) {
        BitSet rules = new BitSet();
        hits.forEach(hit -> {
            if (hit.rule() != ESCAPE) {
                rules.set(hit.rule());
            }
        });
        return rules;
    }
}
