package dev.toolspill.output;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolspill.blob.BlobId;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Writes the short text that stands in history for a stored output, in the three formats of the
 * design (text, JSON array, JSON object), never over {@code maxBytes} UTF-8 bytes. What does not fit
 * is clipped with a visible mark or counted ({@code … +K more}), so a preview is never taken for the whole.
 */
public final class Summarizer {

    static final String HEAD = "── head ──";
    static final String TAIL = "── tail ──";
    static final String SCHEMA = "── schema ──";
    static final String KEYS = "── keys ──";

    private final int maxBytes;
    private final int headLines;
    private final int tailLines;

    /** The least a summary may be: the id line, section rules and one clipped line of each section. */
    public static final int MIN_BYTES = 160;

    /** The least a shown line may get: a few characters and the clip mark. */
    static final int BYTES_PER_LINE = 8;

    public Summarizer(int maxBytes, int headLines, int tailLines) {
        if (maxBytes < MIN_BYTES) {
            throw new IllegalArgumentException("toolspill.output.summary-max-bytes=" + maxBytes
                    + " is too small: a summary needs at least " + MIN_BYTES + " bytes");
        }
        if (headLines < 1 || tailLines < 0) {
            throw new IllegalArgumentException("toolspill.output.head-lines must be >= 1 and tail-lines >= 0");
        }
        if ((headLines + tailLines) * BYTES_PER_LINE + MIN_BYTES / 2 > maxBytes) {
            throw new IllegalArgumentException("toolspill.output.head-lines + tail-lines = " + (headLines + tailLines)
                    + " do not fit in toolspill.output.summary-max-bytes=" + maxBytes + ": allow at least "
                    + BYTES_PER_LINE + " bytes per line, or show fewer lines");
        }
        this.maxBytes = maxBytes;
        this.headLines = headLines;
        this.tailLines = tailLines;
    }

    public String summarize(BlobId id, Content content) {
        return summarize(id, shapeOf(content));
    }

    public String summarize(BlobId id, Shape shape) {
        if (shape instanceof Shape.TextShape text) {
            return text(id, text);
        }
        if (shape instanceof Shape.ArrayShape array) {
            return jsonArray(id, array);
        }
        return jsonObject(id, (Shape.ObjectShape) shape);
    }

    /**
     * The shape of content in memory: the lines or elements a summary shows, and the counts. JSON goes
     * through the same streaming scanner as an ingested body, so both show the same (exact) previews.
     */
    public Shape shapeOf(Content content) {
        if (content instanceof Content.Structured structured) {
            byte[] bytes = structured.text().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            StreamScanner scanner = new StreamScanner(this, true, Integer.MAX_VALUE);
            scanner.feed(bytes, 0, bytes.length);
            return scanner.finish().shape();
        }
        return textShape(content.text());
    }

    public String text(BlobId id, String text) {
        return text(id, textShape(text));
    }

    private Shape.TextShape textShape(String text) {
        long count = TextLines.count(text);
        List<String> head = new ArrayList<>();
        int pos = 0;
        while (head.size() < headLines && pos < text.length()) {
            int end = text.indexOf('\n', pos);
            end = end < 0 ? text.length() : end + 1;
            head.add(line(text, pos, end));
            pos = end;
        }
        List<String> tail = new ArrayList<>();
        int end = text.length();
        long remaining = count - head.size();
        while (tail.size() < Math.min(tailLines, remaining)) {
            int start = end > 0 && text.charAt(end - 1) == '\n' ? text.lastIndexOf('\n', end - 2) + 1 : text.lastIndexOf('\n', end - 1) + 1;
            tail.add(0, line(text, start, end));
            end = start;
        }
        return new Shape.TextShape(count, head, tail);
    }

    /** More keys than any summary can show; a streaming pass keeps no more than this. */
    public int maxFields() {
        return maxBytes / 4;
    }

    /** The byte cap of a summary. */
    public int maxBytes() {
        return maxBytes;
    }

    /** How many leading elements an array summary shows. */
    public int headElements() {
        return 2;
    }

    public int headLines() {
        return headLines;
    }

    public int tailLines() {
        return tailLines;
    }

    /** Characters of one line or element worth keeping for a summary. */
    public int lineChars() {
        return maxBytes + 1;
    }

    private String text(BlobId id, Shape.TextShape shape) {
        String header = id.tag() + " text | " + shape.lines() + " lines";
        List<String> head = shape.head().stream().map(this::firstChars).toList();
        List<String> tail = shape.tail().stream().map(this::firstChars).toList();
        StringBuilder fixed = new StringBuilder(header).append('\n').append(HEAD);
        if (!tail.isEmpty()) {
            fixed.append('\n').append(TAIL);
        }
        List<IntFunction<String>> lines = new ArrayList<>();
        head.forEach(line -> lines.add(cap -> Utf8.clip(line, cap)));
        tail.forEach(line -> lines.add(cap -> Utf8.clip(line, cap)));
        List<String> fitted = fit(lines, maxBytes - Utf8.length(fixed));
        StringBuilder out = new StringBuilder(header).append('\n').append(HEAD);
        fitted.subList(0, head.size()).forEach(line -> out.append('\n').append(line));
        if (!tail.isEmpty()) {
            out.append('\n').append(TAIL);
            fitted.subList(head.size(), fitted.size()).forEach(line -> out.append('\n').append(line));
        }
        return out.toString();
    }

    private String jsonArray(BlobId id, Shape.ArrayShape shape) {
        long count = shape.entries();
        String header = id.tag() + " json_array | " + count + " entries";
        if (count == 0) {
            return header + "\n" + SCHEMA + "\n(empty)\n" + HEAD + "\n(empty)";
        }
        List<String> elements = shape.elements().stream().map(this::firstChars).toList();
        long shown = elements.size();
        String more = count > shown ? "… +" + (count - shown) + " more entries" : null;
        StringBuilder fixed = new StringBuilder(header).append('\n').append(SCHEMA).append('\n').append(HEAD);
        if (more != null) {
            fixed.append('\n').append(more);
        }
        List<IntFunction<String>> lines = new ArrayList<>();
        lines.add(shape.schema() == null ? cap -> Utf8.clip(shape.firstType(), cap) : schemaLine(shape.schema(), shape.schemaKeys()));
        elements.forEach(element -> lines.add(cap -> Utf8.clip(element, cap)));
        List<String> fitted = fit(lines, maxBytes - Utf8.length(fixed));
        StringBuilder out = new StringBuilder(header).append('\n').append(SCHEMA).append('\n').append(fitted.get(0))
                .append('\n').append(HEAD);
        fitted.subList(1, fitted.size()).forEach(line -> out.append('\n').append(line));
        if (more != null) {
            out.append('\n').append(more);
        }
        return out.toString();
    }

    private String jsonObject(BlobId id, Shape.ObjectShape shape) {
        long count = shape.keys();
        StringBuilder out = new StringBuilder(id.tag()).append(" json_object | ").append(count).append(" keys\n").append(KEYS);
        int used = Utf8.length(out);
        long index = 0;
        for (Shape.Field field : shape.fields()) {
            String line = Utf8.clip(keyName(field.name()), maxBytes / 4) + ": " + field.type();
            long left = count - index - 1;
            int reserve = left == 0 ? 0 : 1 + Utf8.length(moreKeys(left));
            if (used + 1 + Utf8.length(line) + reserve > maxBytes) {
                break;
            }
            out.append('\n').append(line);
            used += 1 + Utf8.length(line);
            index++;
        }
        if (index < count) {
            out.append('\n').append(moreKeys(count - index));
        }
        return out.toString();
    }

    /** The type of a value with its size: {@code array[120]}, {@code object{4}}, {@code string(52)}, {@code number}. */
    public static String describe(JsonNode value) {
        return switch (value.getNodeType()) {
            case ARRAY -> "array[" + value.size() + "]";
            case OBJECT -> "object{" + value.size() + "}";
            case STRING -> "string(" + value.textValue().codePointCount(0, value.textValue().length()) + ")";
            default -> typeName(value);
        };
    }

    public static String typeName(JsonNode value) {
        return switch (value.getNodeType()) {
            case ARRAY -> "array";
            case OBJECT -> "object";
            case STRING -> "string";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            default -> value.getNodeType().name().toLowerCase();
        };
    }

    /** {@code key: type, ...} of the first element, as many keys as fit, then {@code … +K more keys}. */
    private IntFunction<String> schemaLine(List<Shape.Field> fields, long total) {
        List<String> keys = fields.stream().map(field -> keyName(field.name()) + ": " + field.type()).toList();
        long unlisted = total - keys.size(); // keys past what a summary could ever show were not kept
        return cap -> {
            String all = String.join(", ", keys);
            if (unlisted == 0 && Utf8.length(all) <= cap) {
                return all;
            }
            StringBuilder line = new StringBuilder();
            int taken = 0;
            while (taken < keys.size()) {
                String next = (taken == 0 ? "" : ", ") + keys.get(taken);
                long left = keys.size() - taken - 1 + unlisted;
                String suffix = left == 0 ? "" : ", " + moreKeys(left);
                if (Utf8.length(line) + Utf8.length(next) + Utf8.length(suffix) > cap) {
                    break;
                }
                line.append(next);
                taken++;
            }
            long rest = keys.size() - taken + unlisted;
            return rest == 0 ? line.toString() : Utf8.clip(line + (taken == 0 ? "" : ", ") + moreKeys(rest), cap);
        };
    }

    private static String moreKeys(long count) {
        return "… +" + count + " more keys";
    }

    /**
     * Gives each line the same byte cap, the largest one under which all lines together fit in
     * {@code budget} (newlines included), so short lines stay whole and long ones share what is left.
     */
    private static List<String> fit(List<IntFunction<String>> lines, int budget) {
        int available = budget - lines.size();
        int low = 1;
        int high = Math.max(1, available);
        while (low < high) {
            int cap = (low + high + 1) >>> 1;
            if (total(lines, cap) <= available) {
                low = cap;
            } else {
                high = cap - 1;
            }
        }
        List<String> fitted = new ArrayList<>(lines.size());
        for (IntFunction<String> line : lines) {
            fitted.add(line.apply(low));
        }
        return fitted;
    }

    private static int total(List<IntFunction<String>> lines, int cap) {
        int sum = 0;
        for (IntFunction<String> line : lines) {
            sum += Utf8.length(line.apply(cap));
        }
        return sum;
    }

    /** The line between two offsets without its terminator, copying no more than a summary can show. */
    private String line(String text, int start, int end) {
        return TextLines.strip(Utf8.prefix(text.substring(start, Math.min(end, start + maxBytes + 2)), maxBytes + 2));
    }

    /** A key as one line: control characters escaped, so a key never breaks the layout. */
    private String keyName(String key) {
        String name = firstChars(key);
        if (name.chars().noneMatch(Character::isISOControl)) {
            return name;
        }
        StringBuilder escaped = new StringBuilder();
        name.chars().forEach(c -> escaped.append(switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> Character.isISOControl(c) ? String.format("\\u%04x", c) : String.valueOf((char) c);
        }));
        return escaped.toString();
    }

    /** Enough of a possibly huge string to fill any summary, so a 5 MB line is never measured whole. */
    private String firstChars(String s) {
        return Utf8.prefix(s, maxBytes + 1);
    }
}

