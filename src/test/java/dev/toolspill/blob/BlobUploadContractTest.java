package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every asynchronous {@link BlobUpload} must do, whatever writes it (the filesystem, S3, the spool): chunks of any
 * size arrive byte-exact; nothing is visible before the commit, nor left after an abort at any stage; a commit happens
 * once; readers of the store go on while an upload is written.
 */
public abstract class BlobUploadContractTest {

    /** Starts an upload the way the service does. */
    protected abstract BlobUpload start(BlobId id, BlobFormat guess, String owner);

    /** Where what was committed is read. */
    protected abstract BlobStore reader();

    /** Unfinished writes the backend holds now: temp files, incomplete multipart uploads. */
    protected abstract int unfinished();

    /** The files in a store's {@code tmp} folder under {@code root}: its writes not yet committed. */
    protected static int filesIn(java.nio.file.Path root) {
        java.nio.file.Path tmp = root.resolve("tmp");
        if (!java.nio.file.Files.isDirectory(tmp)) {
            return 0;
        }
        try (var files = java.nio.file.Files.list(tmp)) {
            return (int) files.count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static <T> T await(Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(60));
    }

    private byte[] read(BlobId id) {
        return await(reader().read(id, new ByteRange(0, Long.MAX_VALUE)));
    }

    private static Buffer chunk(byte[] bytes, int from, int to) {
        return Buffer.buffer(java.util.Arrays.copyOfRange(bytes, from, to));
    }

    @Test
    void chunksOfAnySizeArriveByteExactWithTheirRecord() {
        Random random = new Random(20);
        byte[] bytes = new byte[9 * 1024 * 1024 + 333]; // past one S3 part
        random.nextBytes(bytes);
        BlobId id = BlobId.random();
        BlobUpload upload = start(id, BlobFormat.TEXT, "team-a");
        int[] sizes = {1, 0, 7, 65536, 1 << 20, 3};
        int at = 0;
        for (int i = 0; at < bytes.length; i++) {
            int n = Math.min(bytes.length - at, i < sizes.length ? sizes[i] : 1 + random.nextInt(700_000));
            await(upload.write(chunk(bytes, at, at + n)));
            at += n;
        }
        BlobMetadata meta = await(upload.commit(BlobFormat.TEXT));
        assertEquals(new BlobMetadata(id, BlobFormat.TEXT, bytes.length), meta);
        assertArrayEquals(bytes, read(id));
        assertEquals(new BlobRecord("team-a", BlobRecord.hex(BlobRecord.newDigest().digest(bytes)), bytes.length), upload.record());
        assertEquals(0, unfinished(), "nothing unfinished is left once committed");
        await(reader().delete(id));
    }

    @Test
    void batchesOfChunksArriveByteExactInOrder() {
        Random random = new Random(21);
        byte[] bytes = new byte[6 * 1024 * 1024 + 77];
        random.nextBytes(bytes);
        BlobId id = BlobId.random();
        BlobUpload upload = start(id, BlobFormat.TEXT, "team-a");
        int at = 0;
        while (at < bytes.length) {
            List<Buffer> batch = new ArrayList<>();
            int chunks = 1 + random.nextInt(40);
            for (int i = 0; i < chunks && at < bytes.length; i++) {
                int n = Math.min(bytes.length - at, random.nextInt(70_000)); // now and then an empty one
                int from = Math.max(0, at - 5);
                // a slice of a larger buffer, as the rest of a body after its head is
                batch.add(chunk(bytes, from, at + n).slice(at - from, at - from + n));
                at += n;
            }
            await(upload.write(batch));
        }
        assertEquals(new BlobMetadata(id, BlobFormat.TEXT, bytes.length), await(upload.commit(BlobFormat.TEXT)));
        assertArrayEquals(bytes, read(id));
        assertEquals(new BlobRecord("team-a", BlobRecord.hex(BlobRecord.newDigest().digest(bytes)), bytes.length), upload.record());
        assertEquals(0, unfinished(), "nothing unfinished is left once committed");
        await(reader().delete(id));
    }

    @Test
    void anEmptyUploadCommitsAnEmptyBlob() {
        BlobId id = BlobId.random();
        BlobUpload upload = start(id, BlobFormat.JSON, null);
        assertEquals(0, await(upload.commit(BlobFormat.TEXT)).bytes());
        assertEquals(0, read(id).length);
        await(reader().delete(id));
    }

    @Test
    void anAbortAtEveryStageLeavesNothing() {
        byte[] bytes = new byte[3 * 1024 * 1024];
        new Random(3).nextBytes(bytes);
        for (int stage = 0; stage < 4; stage++) {
            BlobId id = BlobId.random();
            BlobUpload upload = start(id, BlobFormat.TEXT, null);
            switch (stage) {
                case 0 -> { } // before any byte
                case 1 -> await(upload.write(chunk(bytes, 0, 10)));
                case 2 -> {
                    for (int at = 0; at < bytes.length; at += 1 << 20) {
                        await(upload.write(chunk(bytes, at, at + (1 << 20))));
                    }
                }
                default -> upload.write(chunk(bytes, 0, bytes.length)).subscribe().with(ok -> { }, failure -> { }); // during a write
            }
            await(upload.abort());
            await(upload.abort());
            assertThrows(BlobNotFoundException.class, () -> await(reader().metadata(id)), "stage " + stage);
            assertEquals(0, unfinished(), "stage " + stage + ": nothing unfinished is left");
            assertThrows(IllegalStateException.class, () -> await(upload.commit(BlobFormat.TEXT)), "an aborted upload never commits");
        }
    }

    @Test
    void aCommitHappensOnceAndAnAbortAfterItKeepsTheBlob() {
        BlobId id = BlobId.random();
        BlobUpload upload = start(id, BlobFormat.TEXT, null);
        await(upload.write(Buffer.buffer("kept\n")));
        await(upload.commit(BlobFormat.TEXT));
        assertThrows(IllegalStateException.class, () -> await(upload.commit(BlobFormat.TEXT)));
        assertThrows(IllegalStateException.class, () -> await(upload.write(Buffer.buffer("more"))));
        await(upload.abort());
        assertArrayEquals("kept\n".getBytes(), read(id));
        await(reader().delete(id));
    }

    @Test
    void readersGoOnWhileAnUploadIsWrittenAndSeeItOnlyOnceCommitted() {
        BlobId other = BlobId.random();
        await(reader().put(other, BlobFormat.TEXT, "other\n".getBytes()));
        BlobId id = BlobId.random();
        BlobUpload upload = start(id, BlobFormat.TEXT, null);
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        for (int i = 0; i < 20; i++) {
            byte[] line = ("line " + i + "\n").repeat(5000).getBytes();
            sent.writeBytes(line);
            await(upload.write(Buffer.buffer(line)));
            assertArrayEquals("other\n".getBytes(), read(other), "another blob reads as ever");
            assertThrows(BlobNotFoundException.class, () -> await(reader().metadata(id)), "nothing visible before the commit");
        }
        await(upload.commit(BlobFormat.TEXT));
        assertArrayEquals(sent.toByteArray(), read(id));
        assertTrue(await(reader().readRecord(id)).isPresent());
        await(reader().delete(id));
        await(reader().delete(other));
    }
}
