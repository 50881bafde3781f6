package dev.toolspill.inspect.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.scan.Json;
import dev.toolspill.scan.JsonInput;
import dev.toolspill.inspect.walk.BlobWalk;
import dev.toolspill.inspect.walk.UnreadablePartException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run of entries of a JSON array from an indexed entry on, and counts the top-level keys of those that are
 * objects, with the types of their values, into {@link Stats}; entries that are not objects are counted by type. A
 * key written twice in an entry counts once, with its last value's type, as jq reads it. It stops after {@code count}
 * entries, at the array's end, or once it has read {@code budget} bytes.
 */
final class KeySample implements BlobWalk.Walker<KeySample> {

    /** Keys counted one by one at most; further keys are counted together, so a sample's memory stays small. */
    static final int MAX_KEYS = 1000;

    private final JsonInput input;
    private final JsonParser parser;
    private final Stats stats;
    private final long count;
    private final long budget;
    private long read;
    private long taken;
    private int depth;
    private boolean object;
    private String type;
    private String key;
    private final Map<String, String> keys = new LinkedHashMap<>();

    KeySample(Stats stats, long count, long budget) {
        this.stats = stats;
        this.count = count;
        this.budget = budget;
        input = JsonInput.of(Json.FACTORY);
        parser = input.parser();
        try {
            input.feed(new byte[] {'['}); // the bytes from an entry on read as an array's rest
            parser.nextToken();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public KeySample feed(byte[] chunk) {
        try {
            read += chunk.length;
            return input.feed(chunk) && drain() || read > budget + chunk.length ? this : null;
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
    }

    @Override
    public KeySample end() {
        try {
            input.end();
            drain();
        } catch (IOException e) {
            throw new UnreadablePartException(e);
        }
        return this;
    }

    /** True once the run is done: enough entries, or the array ended. */
    private boolean drain() throws IOException {
        JsonToken token;
        while ((token = parser.nextToken()) != null && token != JsonToken.NOT_AVAILABLE) {
            if (depth == 0) {
                if (token == JsonToken.END_ARRAY) {
                    return true;
                }
                object = token == JsonToken.START_OBJECT;
                type = typeOf(token);
                keys.clear();
            } else if (depth == 1 && object) {
                if (token == JsonToken.FIELD_NAME) {
                    key = parser.currentName();
                } else if (!token.isStructEnd()) {
                    keys.put(key, typeOf(token));
                }
            }
            if (token.isStructStart()) {
                depth++;
            } else if (token.isStructEnd()) {
                depth--;
            }
            if (depth == 0) {
                stats.add(object ? keys : null, type);
                if (++taken == count || parser.currentLocation().getByteOffset() > budget) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String typeOf(JsonToken token) {
        return switch (token) {
            case START_OBJECT -> "object";
            case START_ARRAY -> "array";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            default -> "null";
        };
    }

    /** The keys of the sampled entries: how often each appears, and with which types. */
    static final class Stats {
        long entries;
        long objects;
        long otherKeys;
        final Map<String, Count> keys = new LinkedHashMap<>();
        final Count notObjects = new Count();

        void add(Map<String, String> entryKeys, String type) {
            entries++;
            if (entryKeys == null) {
                notObjects.add(type);
                return;
            }
            objects++;
            entryKeys.forEach((name, valueType) -> {
                Count counted = keys.get(name);
                if (counted == null && keys.size() >= MAX_KEYS) {
                    otherKeys++;
                    return;
                }
                keys.computeIfAbsent(name, k -> new Count()).add(valueType);
            });
        }

        /** The keys, most frequent first, then in the order they were first seen. */
        List<Map.Entry<String, Count>> ranked() {
            List<Map.Entry<String, Count>> ranked = new ArrayList<>(keys.entrySet());
            ranked.sort(Comparator.comparingLong((Map.Entry<String, Count> e) -> -e.getValue().total));
            return ranked;
        }
    }

    /** How often something appeared, by type, types in the order first seen. */
    static final class Count {
        long total;
        final Map<String, Long> types = new LinkedHashMap<>();

        void add(String type) {
            total++;
            types.merge(type, 1L, Long::sum);
        }

        /** {@code 998 (string 996, null 2)}, or {@code 1000 (number)} when there is one type. */
        @Override
        public String toString() {
            StringBuilder text = new StringBuilder().append(total).append(" (");
            if (types.size() == 1) {
                return text.append(types.keySet().iterator().next()).append(')').toString();
            }
            types.entrySet().stream().sorted(Comparator.comparingLong((Map.Entry<String, Long> e) -> -e.getValue()))
                    .forEach(e -> text.append(text.charAt(text.length() - 1) == '(' ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue()));
            return text.append(')').toString();
        }
    }
}
