package dev.toolspill.redact;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules one output is redacted with (the shipped ones of {@code redact/rules.tsv}, plus an operator's and a
 * tenant's patterns), the values never redacted, and how far a secret may reach ({@code maxSecretBytes}). Finds the
 * secrets in a window of bytes: the prefilter first, then only the rules it named, only near their literals.
 */
public final class RuleSet {

    static final String RESOURCE = "/redact/rules.tsv";

    /**
     * Where a secret is in the bytes, and its kind; {@code tail}: where the match that reaches its end starts (spans
     * that overlap are one, and a chain of them may be longer than any one secret).
     */
    record Span(int start, int end, String kind, int tail) {
    }

    /**
     * The secrets of a window, and how far from its start no literal nor escape starts ({@code quiet}): a later search
     * of the same bytes (held back, with more after them) need not read them again.
     */
    record Found(List<Span> spans, int quiet) {
    }

    private final List<Rule> rules;
    private final Prefilter prefilter;
    private final BitSet always = new BitSet();
    private final Set<String> allowed;
    private final int maxSecretBytes;
    private final int batch;

    RuleSet(List<Rule> rules, Set<String> allowed, int maxSecretBytes, int batch) {
        this.batch = batch;
        this.rules = List.copyOf(rules);
        this.prefilter = new Prefilter(rules.stream().map(Rule::literals).toList());
        for (int i = 0; i < rules.size(); i++) {
            always.set(i, rules.get(i).literals().isEmpty());
        }
        this.allowed = Set.copyOf(allowed);
        this.maxSecretBytes = maxSecretBytes;
    }

    /** The shipped rules, then {@code extra} (kind to RE2 pattern; tried everywhere), with {@code allowed} values left alone. */
    public static RuleSet of(Map<String, String> extra, Set<String> allowed, int maxSecretBytes) {
        List<Rule> rules = new ArrayList<>(shipped());
        extra.forEach((kind, pattern) -> rules.add(new Rule(kind, configured(kind, pattern), List.of(), 0, Rule.UNBOUNDED, "", value -> true)));
        return new RuleSet(rules, allowed, maxSecretBytes, Redactor.BATCH);
    }

    /** As above, searching every {@code batch} bytes past the held tail (small in tests, to search often). */
    static RuleSet of(Map<String, String> extra, Set<String> allowed, int maxSecretBytes, int batch) {
        RuleSet rules = of(extra, allowed, maxSecretBytes);
        return new RuleSet(rules.rules, allowed, maxSecretBytes, batch);
    }

    public int maxSecretBytes() {
        return maxSecretBytes;
    }

    int batch() {
        return batch;
    }

    /** A redactor for one stream. */
    public Redactor redactor(Redactor.Counter counter) {
        return new Redactor(this, counter);
    }

    static List<Rule> shipped() {
        try (InputStream in = RuleSet.class.getResourceAsStream(RESOURCE);
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<Rule> rules = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rules.add(parse(line));
                }
            }
            return rules;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Rule parse(String line) {
        String[] cols = line.split("\t", 5);
        if (cols.length != 5) {
            throw new IllegalStateException(RESOURCE + ": a rule has 5 tab-separated columns: " + line);
        }
        List<String> literals = cols[2].isEmpty() ? List.of() : List.of(cols[2].split(","));
        String[] reach = cols[3].split(",");
        String[] start = reach[0].split(":", 2); // "60:-----BEGIN": a match opens with -----BEGIN, at most 60 chars before
        int before = start[0].equals("*") ? Rule.UNBOUNDED : Integer.parseInt(start[0]);
        int after = reach[1].equals("*") ? Rule.UNBOUNDED : Integer.parseInt(reach[1]);
        Expression pattern = cols[4].equals("@kubernetes-secret-data") ? new SecretData() : Expression.shipped(cols[4]);
        return new Rule(cols[0], pattern, literals, before, after, start.length > 1 ? start[1] : "", Rule.gate(cols[1]));
    }

    /**
     * The secrets in {@code bytes[0, to)} whose first byte is at or after {@code from}, in order, none overlapping.
     * The bytes before {@code from} are context only (already emitted). No literal nor escape starts in
     * {@code bytes[0, quiet)}: an earlier search read them.
     */
    Found find(byte[] bytes, int from, int to, int quiet) {
        List<Prefilter.Hit> hits = prefilter.hits(bytes, quiet, to); // the context too: a key name may precede its value there
        int quietAfter = quietAfter(hits, quiet, to);
        if (hits.isEmpty() && always.isEmpty()) {
            return new Found(List.of(), quietAfter);
        }
        Decoded text = new Decoded(bytes, 0, to);
        boolean decoded = Prefilter.escaped(hits); // a literal may be spelled with escapes: only the decoded text shows it
        if (decoded) {
            hits = prefilter.hits(text);
        }
        BitSet wanted = Prefilter.rules(hits);
        wanted.or(always);
        int[] at = new int[hits.size()]; // where each literal starts in the decoded text
        for (int h = 0; h < at.length; h++) {
            int start = hits.get(h).end() - hits.get(h).literalLength();
            at[h] = decoded ? start : text.index(start);
        }
        List<Span> spans = new ArrayList<>();
        for (int r = wanted.nextSetBit(0); r >= 0; r = wanted.nextSetBit(r + 1)) {
            Rule rule = rules.get(r);
            if (rule.literals().isEmpty()) {
                search(rule, text, 0, text.length(), from, spans);
                continue;
            }
            if (rule.anchored()) { // tried at each literal only: dense text costs what its matches cost
                atLiterals(rule, r, hits, at, text, from, spans);
                continue;
            }
            if (rule.opens()) {
                atOpenings(rule, r, hits, at, text, from, spans);
                continue;
            }
            int regionStart = -1;
            int regionEnd = -1;
            for (int h = 0; h < at.length; h++) {
                if (hits.get(h).rule() != r) {
                    continue;
                }
                int start = Math.max(0, at[h] - Math.min(rule.reach(), maxSecretBytes) - 1);
                int end = (int) Math.min(text.length(), (long) at[h] + Math.min(rule.after(), maxSecretBytes + 64));
                if (start > regionEnd) {
                    if (regionEnd > regionStart) {
                        search(rule, text, regionStart, regionEnd, from, spans);
                    }
                    regionStart = start;
                }
                regionEnd = Math.max(regionEnd, end);
            }
            search(rule, text, regionStart, regionEnd, from, spans);
        }
        return new Found(resolve(spans), quietAfter);
    }

    /**
     * How far no literal nor escape starts, after a read of {@code [quiet, to)}: up to the first hit, or (none) up to
     * where a literal could still run past {@code to}. The one hit of an escape says nothing of the literals before it.
     */
    private int quietAfter(List<Prefilter.Hit> hits, int quiet, int to) {
        if (hits.isEmpty()) {
            return Math.max(quiet, to - prefilter.longest() + 1);
        }
        if (Prefilter.escaped(hits)) {
            return quiet;
        }
        int first = to;
        for (Prefilter.Hit hit : hits) {
            first = Math.min(first, hit.end() - hit.literalLength());
        }
        return first;
    }

    /**
     * Rule {@code r} tried at each of its literals; those inside a secret it found already, from the last one back until
     * one gives a secret (the last that matches goes furthest), so literals inside a long value do not each read it
     * again, and one that gives nothing ({@code secrets} in a path, a refused value) hides none before it.
     */
    private void atLiterals(Rule rule, int r, List<Prefilter.Hit> hits, int[] at, Decoded text, int from, List<Span> spans) {
        int[] covered = {-1}; // where the last secret this rule found ends
        List<Integer> inside = new ArrayList<>(); // literals inside it, not tried yet
        for (int h = 0; h <= at.length; h++) {
            if (h < at.length && hits.get(h).rule() != r) {
                continue;
            }
            if (!inside.isEmpty() && (h == at.length || at[h] >= covered[0])) {
                for (int k = inside.size() - 1; k >= 0 && !atLiteral(rule, at[inside.get(k)], text, from, spans, covered); k--) {
                    // the next one back
                }
                inside.clear();
            }
            if (h < at.length && at[h] < covered[0]) {
                inside.add(h);
            } else if (h < at.length) {
                atLiteral(rule, at[h], text, from, spans, covered);
            }
        }
    }

    /** Whether the rule, tried at this literal, found a secret. */
    private boolean atLiteral(Rule rule, int literal, Decoded text, int from, List<Span> spans, int[] covered) {
        int start = Math.max(0, literal - rule.reach());
        int end = (int) Math.min(text.length(), (long) literal + Math.min(rule.after(), maxSecretBytes + 64));
        boolean[] kept = {false};
        rule.pattern().at(text, start, end, found -> {
            if (keep(rule, text, from, found, spans)) {
                covered[0] = Math.max(covered[0], found.end());
                kept[0] = true;
            }
        });
        return kept[0];
    }

    /**
     * Rule {@code r} tried at each place its opening is, within its reach before one of its literals, each attempt
     * anchored and ending by max-secret-bytes past its reach: no char is read by more attempts than openings fit in
     * that length, however many literals there are.
     */
    private void atOpenings(Rule rule, int r, List<Prefilter.Hit> hits, int[] at, Decoded text, int from, List<Span> spans) {
        int reach = Math.min(rule.reach(), maxSecretBytes);
        BitSet openings = new BitSet();
        for (int h = 0; h < at.length; h++) {
            if (hits.get(h).rule() == r) {
                for (int p = Math.max(0, at[h] - reach); p <= at[h]; p++) {
                    if (rule.opensAt(text, p)) {
                        openings.set(p);
                    }
                }
            }
        }
        for (int p = openings.nextSetBit(0); p >= 0; p = openings.nextSetBit(p + 1)) {
            int end = (int) Math.min(text.length(), (long) p + reach + Math.min(rule.after(), maxSecretBytes + 64));
            rule.pattern().at(text, p, end, found -> keep(rule, text, from, found, spans));
        }
    }

    private void search(Rule rule, Decoded text, int start, int end, int from, List<Span> spans) {
        rule.pattern().find(text, start, end, found -> keep(rule, text, from, found, spans));
    }

    /** Whether the match is a secret to redact (kept in {@code spans}). */
    private boolean keep(Rule rule, Decoded text, int from, Expression.Found found, List<Span> spans) {
        int rawStart = text.raw(found.start());
        if (rawStart >= from && rule.accepts(found.value()) && !allowed.contains(found.value().toString())) {
            spans.add(new Span(rawStart, text.raw(found.end()), rule.kind(), rawStart));
            return true;
        }
        return false;
    }

    /**
     * Earliest first; spans that overlap become one, their union, named after the longer of them: a secret that starts
     * inside another's match (a PEM key right after a password's value, {@code token=abc-----BEGIN ...}) goes with it,
     * never kept because the other was found first.
     */
    private static List<Span> resolve(List<Span> spans) {
        if (spans.size() < 2) {
            return spans;
        }
        spans.sort(Comparator.comparingInt(Span::start).thenComparing(Comparator.comparingInt(Span::end).reversed()));
        List<Span> kept = new ArrayList<>();
        Span last = null;
        for (Span span : spans) {
            if (last == null || span.start() >= last.end()) {
                kept.add(span);
                last = span;
            } else if (span.end() > last.end()) {
                String kind = span.end() - span.start() > last.end() - last.start() ? span.kind() : last.kind();
                last = new Span(last.start(), span.end(), kind, span.tail());
                kept.set(kept.size() - 1, last);
            }
        }
        return kept;
    }

    /** A configured pattern, compiled now: one that is not valid RE2 stops the start-up, naming its kind. */
    private static Expression configured(String kind, String pattern) {
        try {
            return Expression.configured(pattern);
        } catch (com.google.re2j.PatternSyntaxException e) {
            throw new IllegalArgumentException("the redaction pattern of kind '" + kind + "' (toolspill.redact.patterns or a tenant's"
                    + " redact-patterns) is not a valid RE2 pattern: " + e.getDescription() + " near '" + e.getPattern() + "'");
        }
    }
}
