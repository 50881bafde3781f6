package dev.toolspill.inspect;

import dev.toolspill.Depth;
import dev.toolspill.blob.BlobAccess;
import dev.toolspill.tenant.Caller;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.TestVertx;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.output.Summarizer;
import dev.toolspill.scan.BlobIndexer;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.StreamScanner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the property tests share: seeded tries, random limits, and a filesystem store the random blobs are kept in as
 * tool outputs are. Try {@code t} of a property uses seed {@code base + t}; a failure names its seed, and
 * {@code -Dtoolspill.properties.seed=S -Dtoolspill.properties.tries=1} runs that one try again.
 */
final class PropertyRuns {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Summarizer SUMMARIZER = new Summarizer(400, 5, 3);
    private static final long SEED = Long.getLong("toolspill.properties.seed", 20261130L);
    private static final int TRIES = Integer.getInteger("toolspill.properties.tries", Depth.of(60, 200));

    private Path root;
    private BlobStore store;

    void open(String name) throws IOException {
        root = Files.createTempDirectory(name);
        store = new FsBlobStore(root, TestVertx.VERTX);
    }

    void close() throws IOException {
        try (var files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        }
    }

    /** Runs {@code property} once per try, each with its own seed, and names the seed of a failing try. */
    void forEachTry(Consumer<Random> property) {
        for (int t = 0; t < TRIES; t++) {
            long seed = SEED + t;
            try {
                property.accept(new Random(seed));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("failed with seed " + seed + " (again: -Dtoolspill.properties.seed=" + seed
                        + " -Dtoolspill.properties.tries=1): " + e.getMessage(), e);
            }
        }
    }

    /** Limits from the smallest that shows a useful part up to the default; mostly small, so selections are cut. */
    static int limit(Random random) {
        int pick = random.nextInt(7);
        return pick < 4 ? 300 + random.nextInt(1201) : pick < 6 ? 1500 + random.nextInt(4501) : 16384;
    }

    /** {@code text} as a JSON string, as selectors quote it. */
    static String quoted(String text) {
        try {
            return MAPPER.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    Inspector inspector(int limit) {
        return new Inspector(store, BlobAccess.over(store), indexer(), SUMMARIZER, new HistoryLimit(limit, Map.of()));
    }

    private BlobIndexer indexer() {
        return new BlobIndexer(store, SUMMARIZER.settings(), MAPPER, 32 << 20);
    }

    /**
     * Stores {@code bytes} as a tool output would be: streamed in random chunks through the scanner, with a read index
     * that notes every 1 to 64 units; or, one time in four, without an index, so the first read scans the blob.
     */
    BlobId keep(byte[] bytes, boolean json, Random random) {
        BlobId id = BlobId.random();
        StreamScanner scanner = new StreamScanner(SUMMARIZER.settings(), json, 1 + random.nextInt(64));
        BlobUpload upload = store.upload(id, json ? BlobFormat.JSON : BlobFormat.TEXT);
        for (int pos = 0; pos < bytes.length; ) {
            int n = Math.min(1 + random.nextInt(4096), bytes.length - pos);
            scanner.feed(bytes, pos, n);
            upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(java.util.Arrays.copyOfRange(bytes, pos, pos + n))).await().indefinitely();
            pos += n;
        }
        Scan scan = scanner.finish();
        assertEquals(json, scan.kind() != BlobKind.TEXT, "the blob is stored as the kind it was made as");
        upload.commit(scan.kind().format()).await().indefinitely();
        if (random.nextInt(4) > 0) {
            indexer().keep(id, scan.index()).await().atMost(Duration.ofSeconds(30));
        }
        return id;
    }
}
