package dev.toolspill.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.tenant.Caller;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.NoBlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolException;
import dev.toolspill.tool.ToolRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stored outputs as tool arguments: a value written {@code {"$blob":"<id>"}} is replaced by the blob's text before the
 * tool runs (and before its arguments are checked against its schema); {@code "as":"json"} puts in the JSON value a
 * JSON blob holds instead of its text, and {@code "selector":"lines:1-20"} only that selection (as {@code inspect}
 * would return it, within its limit). A call may take at most {@code toolspill.arguments.max-blob-bytes} of blobs, and
 * all calls being prepared share {@code toolspill.arguments.buffer-bytes} of memory for them.
 */
@ApplicationScoped
public class BlobArguments {

    static final String REF = "$blob";

    /** A parsed JSON value takes several times its text in memory: what a blob taken {@code as json} is charged. */
    private static final int JSON_WEIGHT = 4;

    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper();

    private final BlobStore store;
    private final BlobAccess access;
    private final ToolRegistry registry;
    private final long maxBytes;
    private final AtomicLong free;

    public BlobArguments(BlobStore store, BlobAccess access, ToolRegistry registry, ToolspillConfig config) {
        this.store = store;
        this.access = access;
        this.registry = registry;
        this.maxBytes = config.arguments().maxBlobBytes();
        this.free = new AtomicLong(config.arguments().bufferBytes());
    }

    /** The arguments with their blob references in place; {@code held} is what to give back when the call ends. */
    record Resolved(JsonNode arguments, long held) {
    }

    /** {@code caller} reads only the blobs it may: another tenant's blob is an error item, as an unknown id is. */
    Uni<Resolved> resolve(JsonNode arguments, Caller caller) {
        List<Ref> refs = new ArrayList<>();
        collect(arguments, null, null, refs);
        if (refs.isEmpty()) {
            return Uni.createFrom().item(new Resolved(arguments, 0));
        }
        JsonNode copy = arguments.deepCopy();
        refs.clear();
        collect(copy, null, null, refs);
        Budget budget = new Budget();
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (Ref ref : refs) {
            chain = chain.flatMap(ignored -> value(ref, budget, caller).invoke(ref::replace)).replaceWithVoid();
        }
        return chain.map(ignored -> new Resolved(copy, budget.held))
                .onFailure().invoke(() -> release(budget.held));
    }

    void release(long held) {
        if (held > 0) {
            free.addAndGet(held);
        }
    }

    private Uni<JsonNode> value(Ref ref, Budget budget, Caller caller) {
        BlobId id;
        try {
            id = BlobId.parse(ref.id());
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().failure(new ToolException(ref.where() + ": \"" + REF + "\" must be a blob id from a summary's "
                    + "[blob:<id>] line, e.g. {\"$blob\":\"01934f8e-…\"}; got " + ref.node().get(REF)));
        }
        // who may read it first, for a selection too: without a store this fails at once with NoBlobStoreException
        Uni<JsonNode> value = ref.selector() == null ? whole(ref, id, budget, caller)
                : access.check(caller, id).flatMap(readable -> selection(ref, id, budget, caller));
        return value.onFailure(NoBlobStoreException.class).transform(e -> new ToolException(ref.where() + ": no blob store is "
                        + "configured, so \"$blob\" references cannot be read; pass the value itself"))
                .onFailure(BlobNotFoundException.class).transform(e -> new ToolException(ref.where() + ": " + e.getMessage()))
                .onFailure(BlobStoreException.class).transform(e -> new ToolException(ref.where() + ": blob " + id
                        + " could not be read (" + e.getMessage() + "); try again shortly"));
    }

    private Uni<JsonNode> whole(Ref ref, BlobId id, Budget budget, Caller caller) {
        return access.check(caller, id).flatMap(readable -> store.metadata(id)).flatMap(meta -> {
            boolean json = ref.asJson();
            if (json && meta.format() != BlobFormat.JSON) {
                throw new ToolException(ref.where() + ": blob " + id + " holds text, not JSON; drop \"as\":\"json\" to pass its text");
            }
            take(ref, id, meta.bytes(), json, budget);
            return store.read(id, new ByteRange(0, meta.bytes())).map(bytes -> node(ref, bytes, json));
        });
    }

    private Uni<JsonNode> selection(Ref ref, BlobId id, Budget budget, Caller caller) {
        Tool inspect = registry.find("inspect").orElseThrow(() -> new ToolException(ref.where() + ": selections need the "
                + "inspect tool, which is off here; pass the whole blob"));
        ObjectNode args = JsonNodeFactory.instance.objectNode().put("blob_id", id.toString()).put("selector", ref.selector());
        // inspect's own errors (a bad selector, an unknown key) name the argument, as every other error here does
        return inspect.call(args, caller).onFailure(ToolException.class).transform(e -> new ToolException(ref.where() + ": " + e.getMessage(), e))
                .map(output -> {
            // a part with a next part is not the whole selection even when nothing was cut (a grep page, bytes then ...)
            if (output instanceof dev.toolspill.output.ToolOutput.Inline inline && (inline.droppedBytes() > 0 || inline.next() != null)) {
                throw new ToolException(ref.where() + ": the selection " + ref.selector() + " is larger than inspect returns "
                        + "at once; pass a narrower selector, or the whole blob (without a selector)");
            }
            byte[] bytes = output.text().getBytes(StandardCharsets.UTF_8);
            take(ref, id, bytes.length, ref.asJson(), budget);
            return node(ref, bytes, ref.asJson());
        });
    }

    private void take(Ref ref, BlobId id, long bytes, boolean json, Budget budget) {
        if (budget.bytes + bytes > maxBytes) {
            throw new ToolException(ref.where() + ": blob " + id + " holds " + bytes + " bytes, and a call may take at most "
                    + "toolspill.arguments.max-blob-bytes = " + maxBytes + " bytes of blobs; pass a selector (e.g. lines:1-500) "
                    + "or a smaller blob");
        }
        long weight = json ? bytes * JSON_WEIGHT : bytes * 2; // the text, then the request body made of it
        if (free.addAndGet(-weight) < 0) {
            free.addAndGet(weight);
            throw new ToolException(ref.where() + ": this replica is holding as many blob arguments as it may at once "
                    + "(toolspill.arguments.buffer-bytes); retry shortly");
        }
        budget.bytes += bytes;
        budget.held += weight;
    }

    private static JsonNode node(Ref ref, byte[] bytes, boolean json) {
        if (!json) {
            return JsonNodeFactory.instance.textNode(new String(bytes, StandardCharsets.UTF_8));
        }
        try {
            return MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new ToolException(ref.where() + ": the blob's bytes are not one JSON value (" + e.getOriginalMessage()
                    + "); drop \"as\":\"json\" to pass them as text");
        } catch (IOException e) {
            throw new ToolException(ref.where() + ": the blob's bytes could not be read as JSON; drop \"as\":\"json\"");
        }
    }

    /** Finds {@code {"$blob":…}} objects anywhere in the arguments, with where they sit. */
    private static void collect(JsonNode node, JsonNode parent, Object key, List<Ref> refs) {
        if (node == null) {
            return;
        }
        if (node.isObject() && node.has(REF)) {
            refs.add(new Ref(node, parent, key));
            return;
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                collect(field.getValue(), node, field.getKey(), refs);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), node, i, refs);
            }
        }
    }

    /** One reference: the {@code {"$blob":…}} node, and the object field or array slot it fills. */
    private record Ref(JsonNode node, JsonNode parent, Object key) {
        String id() {
            return node.path(REF).asText("");
        }

        String selector() {
            JsonNode selector = node.get("selector");
            return selector == null || selector.isNull() ? null : selector.asText();
        }

        boolean asJson() {
            String as = node.path("as").asText("text");
            if (!as.equals("text") && !as.equals("json")) {
                throw new ToolException(where() + ": \"as\" must be \"text\" (the default) or \"json\", got \"" + as + "\"");
            }
            return as.equals("json");
        }

        String where() {
            return "argument " + (parent == null ? "(the arguments themselves)" : key instanceof Integer ? "[" + key + "]" : "'" + key + "'");
        }

        void replace(JsonNode value) {
            if (parent instanceof ObjectNode object) {
                object.set((String) key, value);
            } else if (parent instanceof ArrayNode array) {
                array.set((Integer) key, value);
            } else {
                throw new ToolException("the arguments must be an object, not a blob reference: put it in a field, "
                        + "e.g. {\"text\":{\"$blob\":\"<id>\"}}");
            }
        }
    }

    private static final class Budget {
        long bytes;
        long held;
    }
}
