package dev.toolspill.provider;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.pipeline.BatchTooLargeException;
import dev.toolspill.tool.ToolCall;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the tool calls out of a provider's body while it parses it. Only the items of a calls array are built, one
 * at a time; everything else (usage, reasoning, text) is skipped unbuilt, and a body with more calls than
 * {@code toolspill.pipeline.max-calls} is refused at the first call over, so a large body costs no more memory than
 * the calls a batch may hold.
 */
@ApplicationScoped
public class CallReader {

    private final ObjectMapper mapper;
    private final int maxCalls;

    @Inject
    public CallReader(ObjectMapper mapper, ToolspillConfig config) {
        this(mapper, config.pipeline().maxCalls());
    }

    CallReader(ObjectMapper mapper, int maxCalls) {
        this.mapper = mapper;
        this.maxCalls = maxCalls;
    }

    /** The body's calls in order; 400 when it is not JSON or holds none, 413 when it holds too many. */
    public ProviderCalls read(ProviderFormat format, byte[] body) {
        List<ToolCall> calls = new ArrayList<>();
        Map<String, String> unreadable = new HashMap<>();
        try (JsonParser parser = mapper.getFactory().createParser(body)) {
            if (parser.nextToken() == null) {
                throw new ProviderFormatException("the body is empty: format=" + format.name() + " takes " + format.expected());
            }
            walk(parser, format.places(), 0, "", (item, where) -> format.call(item, where).ifPresent(found -> {
                if (calls.size() == maxCalls) {
                    throw new BatchTooLargeException("the body holds more than " + maxCalls + " tool calls, over toolspill.pipeline.max-calls = "
                            + maxCalls + ": split it into smaller batches");
                }
                calls.add(found.call());
                if (found.unreadable() != null) {
                    unreadable.put(found.call().id(), found.unreadable());
                }
            }));
            if (parser.nextToken() != null) {
                throw new ProviderFormatException("the body holds more than one JSON value: send one " + format.expected());
            }
        } catch (JsonProcessingException e) {
            throw new ProviderFormatException("the body is not valid JSON (" + Arguments.describe(e) + "): format=" + format.name()
                    + " takes " + format.expected());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // parsing bytes in memory reads nothing that could fail
        }
        if (calls.isEmpty()) {
            throw new ProviderFormatException("the body holds no tool calls: format=" + format.name() + " takes " + format.expected());
        }
        return new ProviderCalls(calls, unreadable);
    }

    private interface ItemSink {
        void accept(JsonNode item, String where);
    }

    /** The parser is on a value's first token; leaves it on the value's last. Places not reached from here are skipped. */
    private void walk(JsonParser parser, List<List<String>> places, int depth, String where, ItemSink sink) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_ARRAY && places.stream().anyMatch(place -> place.size() == depth)) {
            for (int index = 0; parser.nextToken() != JsonToken.END_ARRAY; index++) {
                JsonNode item = mapper.readTree(parser);
                sink.accept(item == null ? NullNode.instance : item, where + "[" + index + "]");
            }
            return;
        }
        List<List<String>> deeper = places.stream().filter(place -> place.size() > depth).toList();
        if (token == JsonToken.START_OBJECT && !deeper.isEmpty()) {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                step(parser, deeper, depth, field, where.isEmpty() ? field : where + "." + field, sink);
            }
        } else if (token == JsonToken.START_ARRAY && !deeper.isEmpty()) {
            for (int index = 0; parser.nextToken() != JsonToken.END_ARRAY; index++) {
                step(parser, deeper, depth, String.valueOf(index), where + "[" + index + "]", sink);
            }
        } else {
            parser.skipChildren();
        }
    }

    private void step(JsonParser parser, List<List<String>> places, int depth, String name, String where, ItemSink sink) throws IOException {
        List<List<String>> next = places.stream().filter(place -> place.get(depth).equals(name)).toList();
        if (next.isEmpty()) {
            parser.skipChildren();
        } else {
            walk(parser, next, depth + 1, where, sink);
        }
    }
}
