package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.BlobUploadContractTest;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

import static dev.toolspill.TestVertx.VERTX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The asynchronous upload contract on the spool, which also counts every byte against its own size until released. */
class SpoolUploadTest extends BlobUploadContractTest {

    @TempDir
    Path dir;
    Spool spool;

    @BeforeEach
    void open() {
        spool = new Spool(dir, 64L << 20, Duration.ofHours(1), VERTX);
    }

    @Override
    protected BlobUpload start(BlobId id, BlobFormat guess, String owner) {
        return spool.upload(id, guess, owner);
    }

    @Override
    protected BlobStore reader() {
        return spool.files();
    }

    @Override
    protected int unfinished() {
        return filesIn(dir);
    }

    @Test
    void aFullSpoolRefusesTheWriteAndAnAbortGivesEveryByteBack() {
        Spool small = new Spool(dir.resolve("small"), 1000, Duration.ofHours(1), VERTX);
        BlobUpload upload = small.upload(BlobId.random(), BlobFormat.TEXT, null);
        upload.write(Buffer.buffer(new byte[600])).await().atMost(Duration.ofSeconds(30));
        IOException full = assertThrows(IOException.class, () -> {
            try {
                upload.write(Buffer.buffer(new byte[600])).await().atMost(Duration.ofSeconds(30));
            } catch (RuntimeException e) {
                throw e.getCause() instanceof IOException io ? io : e;
            }
        });
        assertEquals(true, full.getMessage().contains("toolspill.spool.max-bytes"), full.getMessage());
        upload.abort().await().atMost(Duration.ofSeconds(30));
        assertEquals(0, small.bytes(), "the spool holds nothing of an aborted upload");
    }
}
