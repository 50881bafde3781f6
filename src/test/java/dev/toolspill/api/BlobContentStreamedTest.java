package dev.toolspill.api;

import dev.toolspill.http.Problem;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobFormat;
import io.vertx.mutiny.core.Vertx;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.fs.FsBlobStore;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.tool.mcp.McpUpstreamProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Multi;
import io.vertx.mutiny.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The blob content API on a store with no local files, so every body goes through {@link BlobStore#stream}:
 * the path an S3 store takes. Here the stream can also be watched, and made to fail to see what a client gets.
 */
@QuarkusTest
@TestProfile(McpUpstreamProfile.class) // enables StreamOnlyStore; with McpUpstreamTest: one application
public class BlobContentStreamedTest extends BlobContentContractTest {

    /** The filesystem store without {@link BlobStore#localFile}, and with a hook to watch or break its streams. */
    @Alternative
    @ApplicationScoped
    public static class StreamOnlyStore {
        private volatile UnaryOperator<Multi<Buffer>> fault = UnaryOperator.identity();

        /** What every stream from now on goes through before it reaches the HTTP layer. */
        void wrapStreams(UnaryOperator<Multi<Buffer>> fault) {
            this.fault = fault;
        }

        @Produces
        @Singleton
        BlobStore blobStore(ToolspillConfig config, Vertx vertx) {
            return new FsBlobStore(config.blobStore().fs().root(), vertx) {
                @Override
                public Multi<Buffer> stream(BlobId id, ByteRange range) {
                    return fault.apply(super.stream(id, range));
                }

                @Override
                public Optional<Path> localFile(BlobMetadata blob) {
                    return Optional.empty();
                }
            };
        }
    }

    @Inject
    BlobStore store;

    @Inject
    StreamOnlyStore stores;

    @AfterEach
    void repairStreams() {
        stores.wrapStreams(UnaryOperator.identity());
    }

    @Test
    void everyBodyHereIsStreamed() {
        assertEquals(Optional.empty(), store.localFile(new BlobMetadata(BlobId.random(), BlobFormat.TEXT, 0)));
    }

    @Test
    void theConnectionAsksTheStoreForOneChunkAtATime() {
        String id = storeText(LINES.repeat(200));
        AtomicLong largestRequest = new AtomicLong();
        stores.wrapStreams(stream -> stream.onRequest().invoke(n -> largestRequest.accumulateAndGet(n, Math::max)));
        assertWhole(given().when().get(url(id)), utf8(LINES.repeat(200)));
        assertEquals(1, largestRequest.get(), "no read-ahead beyond one chunk, however slow the client");
    }

    @Test
    void aStreamFailingBeforeItsFirstChunkIsAProblem() {
        String id = storeText(LINES);
        stores.wrapStreams(stream -> Multi.createFrom().failure(new BlobStoreException("disk on fire", null)));
        given().when().get(url(id)).then()
                .statusCode(503)
                .contentType(Problem.MEDIA_TYPE)
                .body("detail", containsString("disk on fire"));
    }

    @Test
    void aStreamFailingMidwayCutsTheConnection() {
        String id = storeText(LINES.repeat(50));
        // the third chunk fails: it is read only once the first was handed to the connection (a whole body, checked
        // against its SHA-256 as it goes, holds one chunk back until the next arrives)
        stores.wrapStreams(stream -> Multi.createFrom().deferred(() -> {
            AtomicInteger chunks = new AtomicInteger();
            return stream.onItem().invoke(chunk -> {
                if (chunks.incrementAndGet() == 3) {
                    throw new BlobStoreException("disk on fire", null);
                }
            });
        }));
        assertThrows(IOException.class, () -> given().when().get(url(id)).asByteArray());
    }

    @Test
    void aStreamEndingEarlyCutsTheConnection() {
        String id = storeText(LINES.repeat(50));
        stores.wrapStreams(stream -> stream.select().first(2)); // the first was sent when the second came
        assertThrows(IOException.class, () -> given().when().get(url(id)).asByteArray());
    }
}
