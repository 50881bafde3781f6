package dev.toolspill.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.ByteRange;

import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where to start reading in a blob, so a selector reads the bytes it needs and not the whole blob.
 * Text: the offset of line {@code 1 + i * every}. JSON array: the offset of element {@code i * every}
 * (and where the array closes). JSON object: the span of each top-level value. Kept beside the blob
 * ({@code index/<uuid>.idx}), never inside it; a blob without one is read by scanning.
 */
public record ReadIndex(BlobKind kind, long bytes, long count, int every, long[] offsets, long end,
                        Map<String, ByteRange> values, String summary) {

    public ReadIndex(BlobKind kind, long bytes, long count, int every, long[] offsets, long end, Map<String, ByteRange> values) {
        this(kind, bytes, count, every, offsets, end, values, null);
    }

    /** The same index carrying the blob's summary, so {@code inspect} without a selector reads nothing else. */
    public ReadIndex withSummary(String text) {
        return new ReadIndex(kind, bytes, count, every, offsets, end, values, text);
    }

    static final int VERSION = 1;

    /** Lines (or array elements) between two index entries: reads near any position scan at most this many. */
    public static final int EVERY = 512;

    public static String key(dev.toolspill.blob.BlobId id) {
        return "index/" + id + ".idx";
    }

    /** Offset of the indexed line or element at or before {@code position} (line number 1-based, element 0-based). */
    public long startBefore(long position) {
        long slot = kind == BlobKind.TEXT ? (position - 1) / every : position / every;
        return offsets[(int) Math.min(slot, offsets.length - 1)];
    }

    /** The line number (text) or element index (array) that {@link #startBefore} starts at. */
    public long positionBefore(long position) {
        long slot = kind == BlobKind.TEXT ? (position - 1) / every : position / every;
        slot = Math.min(slot, offsets.length - 1);
        return kind == BlobKind.TEXT ? slot * every + 1 : slot * every;
    }

    public byte[] toJson(ObjectMapper mapper) {
        ObjectNode root = mapper.createObjectNode()
                .put("version", VERSION).put("kind", kind.label()).put("bytes", bytes).put("count", count)
                .put("every", every).put("end", end);
        if (summary != null) {
            root.put("summary", summary);
        }
        ArrayNode list = root.putArray("offsets");
        Arrays.stream(offsets).forEach(list::add);
        ObjectNode spans = root.putObject("values");
        values.forEach((name, span) -> spans.putArray(name).add(span.offset()).add(span.end()));
        try {
            return mapper.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ReadIndex fromJson(ObjectMapper mapper, byte[] json) throws IOException {
        JsonNode root = mapper.readTree(json);
        if (root.path("version").asInt() != VERSION) {
            throw new IOException("unknown index version " + root.path("version"));
        }
        BlobKind kind = Arrays.stream(BlobKind.values()).filter(k -> k.label().equals(root.path("kind").asText()))
                .findFirst().orElseThrow(() -> new IOException("unknown kind in index"));
        JsonNode list = root.path("offsets");
        long[] offsets = new long[list.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = list.get(i).asLong();
        }
        Map<String, ByteRange> values = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = root.path("values").fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            values.put(field.getKey(), ByteRange.between(field.getValue().get(0).asLong(), field.getValue().get(1).asLong()));
        }
        return new ReadIndex(kind, root.path("bytes").asLong(), root.path("count").asLong(), root.path("every").asInt(),
                offsets, root.path("end").asLong(), values, root.hasNonNull("summary") ? root.get("summary").asText() : null);
    }
}
