package dev.toolspill.blob;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A small thread-safe map that forgets its least recently used entry past a size: for facts about immutable blobs. */
public final class Lru {

    private Lru() {
    }

    public static <K, V> Map<K, V> map(int maxEntries) {
        return Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > maxEntries;
            }
        });
    }
}
