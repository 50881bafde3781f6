package dev.toolspill.scan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.ByteRange;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link ReadIndex} as the bytes a store keeps: versioned JSON, refused rather than guessed at when it does not fit.
 * Version 3 added a CRC-32 trailer; version 4 adds a text's longest line. A version 3 index of a JSON blob still
 * reads (it lacks nothing), one of a text is refused (it lacks that line), and anything older has no check sum and is
 * refused: the blob is scanned once more and gets a new index.
 */
public final class ReadIndexCodec {

    static final int VERSION = 4;
    private static final int OLDEST = 3;

    /** Every index ends with the CRC-32 of what comes before it: a damaged file is refused, never read. */
    private static final byte[] CHECK = "\ncrc32=".getBytes(StandardCharsets.US_ASCII);
    private static final int CHECK_LENGTH = CHECK.length + 8;

    private final ObjectMapper mapper;

    public ReadIndexCodec(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public byte[] encode(ReadIndex index) {
        ObjectNode root = mapper.createObjectNode()
                .put("version", VERSION).put("kind", index.kind().label()).put("bytes", index.bytes())
                .put("count", index.count()).put("every", index.every()).put("end", index.end());
        ArrayNode offsets = root.putArray("offsets");
        for (long offset : index.offsets()) {
            offsets.add(offset);
        }
        ObjectNode spans = root.putObject("values");
        index.values().forEach((name, span) -> spans.putArray(name).add(span.offset()).add(span.end()));
        root.set("shape", shape(index.shape()));
        if (index.longest() != null) {
            root.putArray("longest").add(index.longest().number()).add(index.longest().offset()).add(index.longest().bytes());
        }
        try {
            return signed(mapper.writeValueAsBytes(root));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JSON of an index followed by its check sum trailer, as {@link #decode} expects it. */
    static byte[] signed(byte[] json) {
        byte[] sum = String.format("%08x", crc(json, json.length)).getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(json, json.length + CHECK_LENGTH);
        System.arraycopy(CHECK, 0, out, json.length, CHECK.length);
        System.arraycopy(sum, 0, out, json.length + CHECK.length, sum.length);
        return out;
    }

    private static long crc(byte[] bytes, int length) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, length);
        return crc.getValue();
    }

    /** The JSON of an index whose check sum matches, or an {@link IOException}. */
    private static int checkedLength(byte[] bytes) throws IOException {
        int length = bytes.length - CHECK_LENGTH;
        if (length < 2 || !Arrays.equals(bytes, length, length + CHECK.length, CHECK, 0, CHECK.length)) {
            throw new IOException("not a read index of version " + OLDEST + " to " + VERSION + " (no check sum)");
        }
        String sum = new String(bytes, length + CHECK.length, 8, StandardCharsets.US_ASCII);
        if (!sum.equals(String.format("%08x", crc(bytes, length)))) {
            throw new IOException("a damaged read index: its check sum does not match");
        }
        return length;
    }

    /**
     * Throws {@link IOException} for anything that is not an index of this version. Parsed as a stream, so decoding
     * an index of many keys costs about the memory of the index itself, not of a JSON tree of it.
     */
    public ReadIndex decode(byte[] bytes) throws IOException {
        int version = -1;
        String kind = null;
        long size = -1;
        long count = -1;
        long end = -1;
        int every = 0;
        LongList offsets = new LongList();
        Map<String, ByteRange> values = new LinkedHashMap<>();
        JsonNode shape = null;
        long[] longest = null;
        int length = checkedLength(bytes);
        try (JsonParser parser = mapper.getFactory().createParser(bytes, 0, length)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a read index");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "version" -> version = parser.getIntValue();
                    case "kind" -> kind = parser.getText();
                    case "bytes" -> size = parser.getLongValue();
                    case "count" -> count = parser.getLongValue();
                    case "end" -> end = parser.getLongValue();
                    case "every" -> every = parser.getIntValue();
                    case "offsets" -> {
                        while (parser.nextToken() != JsonToken.END_ARRAY) {
                            offsets.add(parser.getLongValue());
                        }
                    }
                    case "values" -> {
                        while (parser.nextToken() == JsonToken.FIELD_NAME) {
                            String name = parser.currentName();
                            expect(parser, JsonToken.START_ARRAY);
                            expect(parser, JsonToken.VALUE_NUMBER_INT);
                            long from = parser.getLongValue();
                            expect(parser, JsonToken.VALUE_NUMBER_INT);
                            long to = parser.getLongValue();
                            expect(parser, JsonToken.END_ARRAY);
                            values.put(name, ByteRange.between(from, to));
                        }
                    }
                    case "shape" -> shape = mapper.readTree(parser);
                    case "longest" -> {
                        longest = new long[3];
                        for (int i = 0; i < 3; i++) {
                            expect(parser, JsonToken.VALUE_NUMBER_INT);
                            longest[i] = parser.getLongValue();
                        }
                        expect(parser, JsonToken.END_ARRAY);
                    }
                    default -> parser.skipChildren();
                }
            }
        } catch (RuntimeException e) {
            throw new IOException("a damaged read index: " + e.getMessage(), e);
        }
        if (version < OLDEST || version > VERSION) {
            throw new IOException("not a read index of version " + OLDEST + " to " + VERSION);
        }
        try {
            BlobKind blobKind = BlobKind.ofLabel(kind);
            long[] positions = offsets.toArray();
            if (every < 1 || size < 0 || count < 0 || (blobKind != BlobKind.JSON_OBJECT && count > 0 && positions.length == 0) || shape == null) {
                throw new IOException("a read index without its positions");
            }
            for (int i = 0; i < positions.length; i++) {
                if (positions[i] < 0 || positions[i] > size || (i > 0 && positions[i] < positions[i - 1])) {
                    throw new IOException("a damaged read index: positions out of order or outside the blob");
                }
            }
            long blobSize = size;
            if (end < -1 || end > size || values.values().stream().anyMatch(span -> span.offset() + span.length() > blobSize)) {
                throw new IOException("a damaged read index: a span outside the blob");
            }
            if (blobKind == BlobKind.TEXT && longest == null) {
                throw new IOException("a read index of version " + version + " without the text's longest line");
            }
            if (longest != null && (longest[0] < 0 || longest[1] < 0 || longest[2] < 0 || longest[1] + longest[2] > size)) {
                throw new IOException("a damaged read index: the longest line outside the blob");
            }
            ReadIndex.Line line = longest == null ? null : new ReadIndex.Line(longest[0], longest[1], longest[2]);
            return new ReadIndex(blobKind, size, count, every, positions, end, values, shape(blobKind, shape), line);
        } catch (RuntimeException e) {
            throw new IOException("a damaged read index: " + e.getMessage(), e);
        }
    }

    private static void expect(JsonParser parser, JsonToken token) throws IOException {
        if (parser.nextToken() != token) {
            throw new IOException("a damaged read index: expected " + token + " in a key's span");
        }
    }

    private JsonNode shape(Shape shape) {
        ObjectNode node = mapper.createObjectNode();
        if (shape instanceof Shape.TextShape text) {
            node.put("lines", text.lines());
            strings(node.putArray("head"), text.head());
            strings(node.putArray("tail"), text.tail());
        } else if (shape instanceof Shape.ArrayShape array) {
            node.put("entries", array.entries()).put("schemaKeys", array.schemaKeys()).put("firstType", array.firstType());
            if (array.schema() != null) {
                fields(node.putArray("schema"), array.schema());
            }
            strings(node.putArray("elements"), array.elements());
        } else if (shape instanceof Shape.ObjectShape object) {
            node.put("keys", object.keys());
            fields(node.putArray("fields"), object.fields());
        }
        return node;
    }

    private static Shape shape(BlobKind kind, JsonNode node) {
        return switch (kind) {
            case TEXT -> new Shape.TextShape(node.path("lines").asLong(), strings(node.path("head")), strings(node.path("tail")));
            case JSON_ARRAY -> new Shape.ArrayShape(node.path("entries").asLong(),
                    node.has("schema") ? fields(node.path("schema")) : null, node.path("schemaKeys").asLong(),
                    node.path("firstType").isNull() ? null : node.path("firstType").asText(null), strings(node.path("elements")));
            case JSON_OBJECT -> new Shape.ObjectShape(node.path("keys").asLong(), fields(node.path("fields")));
        };
    }

    private static void strings(ArrayNode array, List<String> strings) {
        strings.forEach(array::add);
    }

    private static List<String> strings(JsonNode array) {
        List<String> strings = new ArrayList<>();
        array.forEach(item -> strings.add(item.asText()));
        return strings;
    }

    private void fields(ArrayNode array, List<Shape.Field> fields) {
        fields.forEach(field -> array.add(mapper.createArrayNode().add(field.name()).add(field.type())));
    }

    private static List<Shape.Field> fields(JsonNode array) {
        List<Shape.Field> fields = new ArrayList<>();
        array.forEach(item -> fields.add(new Shape.Field(item.get(0).asText(), item.get(1).isNull() ? null : item.get(1).asText())));
        return fields;
    }
}
