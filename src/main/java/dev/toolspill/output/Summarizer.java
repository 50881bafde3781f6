package dev.toolspill.output;

import dev.toolspill.blob.BlobId;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.Scans;
import dev.toolspill.scan.Shape;
import dev.toolspill.scan.StreamScanner;
import dev.toolspill.text.Utf8;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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

    public Summarizer(int maxBytes, int headLines, int tailLines) {
        if (!ToolspillConfig.Output.linesFit(maxBytes, headLines, tailLines)) { // the mapping refuses it at start-up; this is for other callers
            throw new IllegalArgumentException("toolspill.output.head-lines + tail-lines = " + (headLines + tailLines)
                    + " do not fit in toolspill.output.summary-max-bytes=" + maxBytes);
        }
        this.maxBytes = maxBytes;
        this.headLines = headLines;
        this.tailLines = tailLines;
    }

    public String summarize(BlobId id, Content content) {
        byte[] bytes = content.text().getBytes(StandardCharsets.UTF_8);
        Scan scan = content instanceof Content.Structured
                ? StreamScanner.scan(settings(), bytes, true, Integer.MAX_VALUE)
                : StreamScanner.scanText(settings(), bytes, Integer.MAX_VALUE);
        return summarize(id, scan.shape());
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

    /** The summary of a text held in memory, whatever it looks like. */
    public String text(BlobId id, String text) {
        return summarize(id, new Content.Text(text));
    }

    /** What a scan must keep of an output for this summarizer. */
    public ScanSettings settings() {
        return Scans.forSummaries(maxBytes, headLines, tailLines);
    }

    /** The byte cap of a summary. */
    public int maxBytes() {
        return maxBytes;
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
        List<String> fitted = SummaryLines.fit(lines, maxBytes - Utf8.length(fixed));
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
        List<String> fitted = SummaryLines.fit(lines, maxBytes - Utf8.length(fixed));
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
            String line = Utf8.clip(name(field.name()), maxBytes / 4) + ": " + field.type();
            long left = count - index - 1;
            int reserve = left == 0 ? 0 : 1 + Utf8.length(SummaryLines.moreKeys(left));
            if (used + 1 + Utf8.length(line) + reserve > maxBytes) {
                break;
            }
            out.append('\n').append(line);
            used += 1 + Utf8.length(line);
            index++;
        }
        if (index < count) {
            out.append('\n').append(SummaryLines.moreKeys(count - index));
        }
        return out.toString();
    }

    /** The first element's keys with their types, as many as fit, then {@code … +K more keys}. */
    private IntFunction<String> schemaLine(List<Shape.Field> fields, long total) {
        List<String> keys = fields.stream().map(field -> name(field.name()) + ": " + field.type()).toList();
        return SummaryLines.schemaLine(keys, total - keys.size()); // keys past what a summary could show were not kept
    }

    /** A key as the model reads it back: quoted when it would be ambiguous, and never longer than a summary line. */
    private String name(String key) {
        return KeyNames.display(firstChars(key));
    }

    /** Enough of a possibly huge string to fill any summary, so a 5 MB line is never measured whole. */
    private String firstChars(String s) {
        return Utf8.prefix(s, maxBytes + 1);
    }
}

