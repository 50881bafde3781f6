package dev.toolspill.scan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.ByteRange;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A {@link ReadIndex} as the bytes a store keeps: versioned JSON, refused rather than guessed at when it does not fit. */
public final class ReadIndexCodec {

    static final int VERSION = 2;

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
        try {
            return mapper.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Throws {@link IOException} for anything that is not an index of this version. */
    public ReadIndex decode(byte[] bytes) throws IOException {
        JsonNode root = mapper.readTree(bytes);
        if (root == null || root.path("version").asInt() != VERSION) {
            throw new IOException("not a read index of version " + VERSION);
        }
        try {
            BlobKind kind = BlobKind.ofLabel(root.path("kind").asText());
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
            int every = root.path("every").asInt();
            if (every < 1 || (kind != BlobKind.JSON_OBJECT && offsets.length == 0)) {
                throw new IOException("a read index without positions");
            }
            return new ReadIndex(kind, root.path("bytes").asLong(), root.path("count").asLong(), every,
                    offsets, root.path("end").asLong(), values, shape(kind, root.path("shape")));
        } catch (RuntimeException e) {
            throw new IOException("a damaged read index: " + e.getMessage(), e);
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
