package dev.toolspill.redact;

import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of a Kubernetes Secret ({@code kubectl get secret -o yaml|json}, a manifest): every value under its
 * {@code data:} and {@code stringData:} blocks in YAML, or in those objects in JSON, whatever the keys are called. The
 * rule is tried around a {@code kind: Secret} (before it too: kubectl writes {@code data} first), so a ConfigMap's data
 * stays unless it sits within a few KiB of a Secret. One {@link Found} a value; a block scalar ({@code |}) is one value.
 */
final class SecretData implements Expression {

    private static final Pattern YAML_BLOCK = Pattern.compile("(?m)^([ \\t]{0,32})(?:data|stringData):[ \\t]*\\r?$");
    private static final Pattern YAML_ENTRY = Pattern.compile("([ \\t]{1,64})[^\\s:#'\"][^:\\r\\n]{0,252}:[ \\t]{1,16}(\\S[^\\r\\n]{0,16383})");
    private static final Pattern JSON_OBJECT = Pattern.compile("\"(?:data|stringData)\"[ \\t\\r\\n]{0,64}:[ \\t\\r\\n]{0,64}\\{");
    private static final Pattern JSON_KEY = Pattern.compile("\\G[ \\t\\r\\n]{0,64},?[ \\t\\r\\n]{0,64}\"[^\"\\r\\n]{1,253}\"[ \\t\\r\\n]{0,64}:[ \\t\\r\\n]{0,64}\"");
    private static final int MAX_VALUE = 16384;

    @Override
    public void find(CharSequence text, int start, int end, Consumer<Found> found) {
        Matcher block = YAML_BLOCK.matcher(text).region(start, end);
        while (block.find()) {
            yamlValues(text, block.end(), end, block.group(1).length(), found);
        }
        Matcher object = JSON_OBJECT.matcher(text).region(start, end);
        while (object.find()) {
            Matcher key = JSON_KEY.matcher(text).region(object.end(), end);
            while (key.find()) {
                int close = closingQuote(text, key.end(), end);
                if (close < 0) {
                    break;
                }
                report(text, key.end(), close, found);
                key.region(close + 1, end);
            }
        }
    }

    @Override
    public void at(CharSequence text, int start, int end, Consumer<Found> found) {
        throw new UnsupportedOperationException("searched for around kind: Secret, not anchored");
    }

    /** The entries of a YAML block, the lines after {@code from} indented deeper than its key ({@code indent}). */
    private static void yamlValues(CharSequence text, int from, int end, int indent, Consumer<Found> found) {
        int line = next(text, from, end);
        while (line < end) {
            Matcher entry = YAML_ENTRY.matcher(text).region(line, Math.min(end, lineEnd(text, line, end) + 1));
            if (!entry.lookingAt() || entry.group(1).length() <= indent) {
                return;
            }
            int keyIndent = entry.group(1).length();
            int valueStart = entry.start(2);
            int valueEnd = entry.end(2);
            while (valueEnd > valueStart && Character.isWhitespace(text.charAt(valueEnd - 1))) {
                valueEnd--;
            }
            char quote = text.charAt(valueStart);
            if ((quote == '\'' || quote == '"') && valueEnd - valueStart >= 2 && text.charAt(valueEnd - 1) == quote) {
                valueStart++; // a quoted value: what is inside the quotes, spaces and all
                valueEnd--;
            }
            String value = text.subSequence(valueStart, valueEnd).toString();
            if (value.equals("|") || value.equals(">") || value.startsWith("|-") || value.startsWith(">-")) { // a block scalar
                int first = next(text, entry.end(), end);
                int last = first;
                while (last < end && indentOf(text, last, end) > keyIndent) {
                    int stop = lineEnd(text, last, end);
                    report(text, last + indentOf(text, last, end), stop, found);
                    last = next(text, stop, end);
                }
                line = last;
            } else {
                report(text, valueStart, valueEnd, found);
                line = next(text, entry.end(), end);
            }
        }
    }

    /**
     * Where the JSON string that starts at {@code from} ends: the first quote that is no escape (in the decoded text an
     * escaped quote spans two raw bytes); -1 past a line end or {@value #MAX_VALUE} chars.
     */
    private static int closingQuote(CharSequence text, int from, int end) {
        Decoded decoded = text instanceof Decoded d ? d : null;
        for (int i = from; i < end && i - from <= MAX_VALUE; i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                return -1;
            }
            if (c == '"' && (decoded == null || decoded.raw(i + 1) - decoded.raw(i) == 1)) {
                return i;
            }
            if (c == '\\' && decoded == null) {
                i++;
            }
        }
        return -1;
    }

    private static void report(CharSequence text, int start, int end, Consumer<Found> found) {
        CharSequence value = text.subSequence(start, end);
        if (end > start && !value.toString().startsWith("[redacted:")) {
            found.accept(new Found(start, end, value));
        }
    }

    /** The start of the line after the one that holds {@code at}. */
    private static int next(CharSequence text, int at, int end) {
        int stop = lineEnd(text, at, end);
        return stop < end ? stop + 1 : end;
    }

    private static int lineEnd(CharSequence text, int at, int end) {
        while (at < end && text.charAt(at) != '\n') {
            at++;
        }
        return at;
    }

    private static int indentOf(CharSequence text, int line, int end) {
        int i = line;
        while (i < end && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return i < end && text.charAt(i) != '\n' && text.charAt(i) != '\r' ? i - line : -1;
    }
}
