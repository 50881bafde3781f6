package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every {@link BlobStore} must do; each backend runs this suite.
 * <p>
 * Over 300 lines on purpose: it is one contract, and a backend ({@code FsBlobStoreTest}, {@code S3BlobStoreTest})
 * extends it once to run all of it; split up, a new backend could extend one part and miss the others. (Content
 * addressing per tenant is {@link DedupContractTest}'s contract.)
 */
public abstract class BlobStoreContractTest {

    protected abstract BlobStore store();

    /** The raw bytes under the blob's own name, read straight from the backend. */
    protected abstract byte[] rawObject(String key);

    /** Whether the backend holds anything under this name (a blob, an index), asked of it directly. */
    protected abstract boolean holds(String key);

    protected static <T> T await(Uni<T> uni) {
        return uni.await().atMost(Duration.ofSeconds(30));
    }

    /** Every chunk of a stream, in order; a failure of the stream is thrown. */
    protected static List<Buffer> chunks(Multi<Buffer> stream) {
        return await(stream.collect().asList());
    }

    protected static byte[] bytes(List<Buffer> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunks.forEach(chunk -> out.writeBytes(chunk.getBytes()));
        return out.toByteArray();
    }

    private byte[] streamed(BlobId id, ByteRange range) {
        return bytes(chunks(store().stream(id, range)));
    }

    private BlobMetadata storeText(String text) {
        return await(store().put(BlobId.random(), BlobFormat.TEXT, text.getBytes(StandardCharsets.UTF_8)));
    }

    private BlobMetadata storeJson(String json) {
        return await(store().put(BlobId.random(), BlobFormat.JSON, json.getBytes(StandardCharsets.UTF_8)));
    }

    private byte[] all(BlobId id) {
        return await(store().read(id, new ByteRange(0, Long.MAX_VALUE)));
    }

    @Test
    void textRoundTripsByteForByte() {
        for (String text : List.of("plain ascii\n", "日本語のテキスト\n絵文字 😀🎉\n", "crlf\r\nlines\r\n", "no final newline", "")) {
            BlobMetadata blob = storeText(text);
            byte[] expected = text.getBytes(StandardCharsets.UTF_8);
            assertEquals(BlobFormat.TEXT, blob.format());
            assertEquals(expected.length, blob.bytes());
            assertArrayEquals(expected, rawObject("blobs/" + blob.id() + ".txt"), "object holds exactly the text");
            assertArrayEquals(expected, all(blob.id()));
            assertEquals(blob, await(store().metadata(blob.id())));
        }
    }

    @Test
    void jsonRoundTripsWithItsOriginalBytes() {
        String array = "[ {\"a\": 1},\n  {\"a\": 2}, 3 ]";
        String object = "{\"results\": [1, 2, 3], \"name\": \"ü\"}";
        BlobMetadata arrayBlob = storeJson(array);
        BlobMetadata objectBlob = storeJson(object);

        assertEquals(BlobFormat.JSON, arrayBlob.format());
        assertArrayEquals(array.getBytes(StandardCharsets.UTF_8), rawObject("blobs/" + arrayBlob.id() + ".json"));
        assertEquals(object, new String(all(objectBlob.id()), StandardCharsets.UTF_8));
        assertEquals(BlobFormat.JSON, await(store().metadata(objectBlob.id())).format());
    }

    @Test
    void uploadsAppearOnlyOnCommitUnderTheirFinalName() throws Exception {
        BlobId id = BlobId.random();
        BlobUpload upload = store().upload(id, BlobFormat.JSON);
        byte[] text = "began like [json but is text\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
        upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(java.util.Arrays.copyOfRange(text, 0, 0 + text.length))).await().indefinitely();
        assertThrows(BlobNotFoundException.class, () -> await(store().metadata(id)), "nothing is visible before commit");
        BlobMetadata blob = upload.commit(BlobFormat.TEXT).await().indefinitely();
        assertEquals(new BlobMetadata(id, BlobFormat.TEXT, text.length), blob);
        assertArrayEquals(text, rawObject("blobs/" + id + ".txt"));
        assertEquals(blob, await(store().metadata(id)));
    }

    @Test
    void everyBlobHasARecordOfItsOwnerAndSha256WrittenWithItAndRemovedWithIt() throws Exception {
        byte[] small = "owned\n".getBytes(StandardCharsets.UTF_8);
        BlobId put = BlobId.random();
        await(store().put(put, BlobFormat.TEXT, small, "team-a"));
        assertEquals(new BlobRecord("team-a", BlobRecord.hex(BlobRecord.newDigest().digest(small)), small.length),
                await(store().readRecord(put)).orElseThrow());

        // several multipart parts on S3: the digest is the whole blob's, known only once the last byte is in
        byte[] large = new byte[20 * 1024 * 1024 + 17];
        new java.util.Random(7).nextBytes(large);
        BlobId uploaded = BlobId.random();
        BlobUpload upload = store().upload(uploaded, BlobFormat.TEXT, null);
        for (int at = 0; at < large.length; at += 1 << 20) {
            upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(java.util.Arrays.copyOfRange(large, at, at + Math.min(1 << 20, large.length - at)))).await().indefinitely();
        }
        upload.commit(BlobFormat.TEXT).await().indefinitely();
        assertEquals(new BlobRecord(null, BlobRecord.hex(BlobRecord.newDigest().digest(large)), large.length),
                await(store().readRecord(uploaded)).orElseThrow(), "owned by nobody");

        await(store().delete(put));
        assertFalse(holds("blobs/" + put + ".meta"), "the record goes with its blob");
        assertTrue(await(store().readRecord(put)).isEmpty());
        await(store().delete(uploaded));
    }

    @Test
    void anAbortedUploadLeavesNothing() throws Exception {
        BlobId id = BlobId.random();
        BlobUpload upload = store().upload(id, BlobFormat.TEXT);
        await(upload.write(Buffer.buffer("ab")));
        upload.abort().await().indefinitely();
        upload.abort().await().indefinitely();
        assertThrows(BlobNotFoundException.class, () -> await(store().metadata(id)));
    }

    @Test
    void indexBytesAreKeptBesideTheBlob() {
        BlobMetadata blob = storeText("indexed\n");
        assertTrue(await(store().readIndex(blob.id())).isEmpty(), "no index until one is put");
        byte[] index = {1, 2, 3, 0, (byte) 0xFF};
        await(store().putIndex(blob.id(), index));
        assertArrayEquals(index, await(store().readIndex(blob.id())).orElseThrow());
        assertArrayEquals(index, rawObject("index/" + blob.id() + ".idx"), "beside the blob, never inside its name");
        assertArrayEquals("indexed\n".getBytes(StandardCharsets.UTF_8), all(blob.id()), "the blob is untouched");
    }

    @Test
    void rangedReadsReturnExactlyTheBytesAsked() {
        String text = "0123456789abcdefghij";
        BlobMetadata info = storeText(text);
        byte[] all = text.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(Arrays.copyOfRange(all, 0, 4), await(store().read(info.id(), new ByteRange(0, 4))), "start");
        assertArrayEquals(Arrays.copyOfRange(all, 8, 13), await(store().read(info.id(), new ByteRange(8, 5))), "middle");
        assertArrayEquals(Arrays.copyOfRange(all, 17, 20), await(store().read(info.id(), new ByteRange(17, 3))), "end");
        assertArrayEquals(Arrays.copyOfRange(all, 18, 20), await(store().read(info.id(), new ByteRange(18, 10))), "clipped at the end");
        assertEquals(0, await(store().read(info.id(), new ByteRange(20, 5))).length, "past the end");
        assertArrayEquals(all, await(store().read(info.id(), new ByteRange(0, all.length))), "whole");
    }

    @Test
    void streamedRangesAreExactlyTheBytesAsked() {
        String text = "0123456789abcdefghij";
        BlobMetadata info = storeText(text);
        byte[] all = text.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(Arrays.copyOfRange(all, 0, 4), streamed(info.id(), new ByteRange(0, 4)), "start");
        assertArrayEquals(Arrays.copyOfRange(all, 8, 13), streamed(info.id(), new ByteRange(8, 5)), "middle");
        assertArrayEquals(Arrays.copyOfRange(all, 17, 20), streamed(info.id(), new ByteRange(17, 3)), "end");
        assertArrayEquals(Arrays.copyOfRange(all, 18, 20), streamed(info.id(), new ByteRange(18, 10)), "clipped at the end");
        assertArrayEquals(Arrays.copyOfRange(all, 18, 20), streamed(info.id(), new ByteRange(18, Long.MAX_VALUE)), "to the end");
        assertArrayEquals(all, streamed(info.id(), new ByteRange(0, all.length)), "whole");
        assertEquals(List.of(), chunks(store().stream(info.id(), new ByteRange(20, 5))), "at the end: no chunk");
        assertEquals(List.of(), chunks(store().stream(info.id(), new ByteRange(25, 5))), "past the end: no chunk");
        assertEquals(List.of(), chunks(store().stream(info.id(), new ByteRange(3, 0))), "empty range: no chunk");
    }

    @Test
    void largeBlobsStreamByteForByteInBoundedChunks() {
        String text = IntStream.range(0, 20_000).mapToObj(i -> "line " + i + " ü 😀\n").collect(Collectors.joining());
        byte[] all = text.getBytes(StandardCharsets.UTF_8);
        BlobMetadata info = storeText(text);

        List<Buffer> whole = chunks(store().stream(info.id(), new ByteRange(0, all.length)));
        assertArrayEquals(all, bytes(whole));
        assertTrue(whole.size() > 1, "a " + all.length + "-byte blob comes in several chunks");
        assertTrue(whole.stream().allMatch(chunk -> chunk.length() <= 1024 * 1024), "no chunk is over 1 MiB");
        int from = all.length / 3;
        assertArrayEquals(Arrays.copyOfRange(all, from, from + 200_000), streamed(info.id(), new ByteRange(from, 200_000)), "middle, cut inside characters");
    }

    @Test
    void streamEmitsOnlyWhatIsRequested() {
        String text = "x".repeat(1_000_000);
        BlobMetadata info = storeText(text);
        AssertSubscriber<Buffer> subscriber = store().stream(info.id(), new ByteRange(0, text.length()))
                .subscribe().withSubscriber(AssertSubscriber.create(1));
        subscriber.awaitItems(1);
        assertEquals(1, subscriber.getItems().size());
        subscriber.request(Long.MAX_VALUE).awaitCompletion();
        assertEquals(text.length(), subscriber.getItems().stream().mapToInt(Buffer::length).sum());

        AssertSubscriber<Buffer> cancelled = store().stream(info.id(), new ByteRange(0, text.length()))
                .subscribe().withSubscriber(AssertSubscriber.create(1));
        cancelled.awaitItems(1).cancel();
        cancelled.assertNotTerminated();
    }

    @Test
    void streamOfAnUnknownIdFailsWithNotFoundWhenSubscribed() {
        Multi<Buffer> stream = store().stream(BlobId.random(), new ByteRange(0, 10));
        assertThrows(BlobNotFoundException.class, () -> chunks(stream));
    }

    @Test
    void metadataTellsFormatAndSize() {
        String text = "été\n".repeat(300);
        String array = "  \n[1, 2, 3]";
        BlobMetadata textBlob = storeText(text);
        BlobMetadata arrayBlob = storeJson(array);

        assertEquals(new BlobMetadata(textBlob.id(), BlobFormat.TEXT, text.getBytes(StandardCharsets.UTF_8).length), await(store().metadata(textBlob.id())));
        assertEquals(new BlobMetadata(arrayBlob.id(), BlobFormat.JSON, array.length()), await(store().metadata(arrayBlob.id())));
        assertEquals("blobs/" + arrayBlob.id() + ".json", await(store().metadata(arrayBlob.id())).name());
        assertThrows(BlobNotFoundException.class, () -> await(store().metadata(BlobId.random())));
    }

    @Test
    void unknownIdFailsWithNotFound() {
        BlobId unknown = BlobId.random();
        assertThrows(BlobNotFoundException.class, () -> await(store().metadata(unknown)));
        assertThrows(BlobNotFoundException.class, () -> await(store().read(unknown, new ByteRange(0, 1))));
        assertThrows(BlobNotFoundException.class, () -> await(store().read(unknown, new ByteRange(0, 0))));
    }

    @Test
    void concurrentStoresAreDistinctAndReadable() {
        List<Uni<BlobMetadata>> stores = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            stores.add(store().put(BlobId.random(), BlobFormat.TEXT, ("blob number " + i + "\n".repeat(i)).getBytes(StandardCharsets.UTF_8)));
        }
        List<BlobMetadata> blobs = await(Uni.join().all(stores).andFailFast());
        Set<BlobId> ids = new HashSet<>();
        for (int i = 0; i < blobs.size(); i++) {
            BlobMetadata blob = blobs.get(i);
            assertTrue(ids.add(blob.id()), "ids are distinct");
            assertEquals("blob number " + i + "\n".repeat(i), new String(all(blob.id()), StandardCharsets.UTF_8));
        }
        assertEquals(100, ids.size());
    }

    @Test
    void deleteRemovesTheBlobAndItsIndex() {
        BlobMetadata text = storeText("to be removed\n");
        BlobMetadata json = storeJson("[1, 2, 3]");
        for (BlobMetadata blob : List.of(text, json)) {
            await(store().putIndex(blob.id(), new byte[] {1, 2, 3}));
            await(store().delete(blob.id()));
            assertThrows(BlobNotFoundException.class, () -> await(store().metadata(blob.id())));
            assertThrows(BlobNotFoundException.class, () -> await(store().read(blob.id(), new ByteRange(0, 1))));
            assertThrows(BlobNotFoundException.class, () -> chunks(store().stream(blob.id(), new ByteRange(0, 1))));
            assertTrue(await(store().readIndex(blob.id())).isEmpty());
            assertFalse(holds(blob.name()), "the blob is gone from the backend");
            assertFalse(holds("index/" + blob.id() + ".idx"), "its index is gone from the backend");
        }
    }

    @Test
    void deleteLeavesOtherBlobsAlone() {
        BlobMetadata kept = storeText("kept\n");
        await(store().putIndex(kept.id(), new byte[] {7}));
        await(store().delete(storeText("removed\n").id()));
        assertArrayEquals("kept\n".getBytes(StandardCharsets.UTF_8), all(kept.id()));
        assertArrayEquals(new byte[] {7}, await(store().readIndex(kept.id())).orElseThrow());
    }

    @Test
    void deleteOfWhatIsAlreadyGoneIsNoError() {
        BlobMetadata blob = storeText("twice\n");
        await(store().delete(blob.id()));
        await(store().delete(blob.id()));
        await(store().delete(BlobId.random()));
        assertFalse(holds(blob.name()));
    }

    @Test
    void idsBeforeListsOldBlobsAndIndexesLeftWithoutOne() {
        Instant now = Instant.now();
        BlobId oldText = BlobId.at(now.minus(Duration.ofDays(3)));
        BlobId oldJson = BlobId.at(now.minus(Duration.ofHours(2)));
        BlobId orphanIndex = BlobId.at(now.minus(Duration.ofHours(5)));
        BlobId newText = BlobId.at(now.minus(Duration.ofMinutes(30)));
        BlobId newIndex = BlobId.at(now.minus(Duration.ofMinutes(10)));
        await(store().put(oldText, BlobFormat.TEXT, "old\n".getBytes(StandardCharsets.UTF_8)));
        await(store().put(oldJson, BlobFormat.JSON, "[\"old\"]".getBytes(StandardCharsets.UTF_8)));
        await(store().putIndex(orphanIndex, new byte[] {1}));
        await(store().put(newText, BlobFormat.TEXT, "new\n".getBytes(StandardCharsets.UTF_8)));
        await(store().putIndex(newIndex, new byte[] {1}));

        Set<BlobId> listed = new HashSet<>(await(store().idsBefore(now.minus(Duration.ofHours(1))).collect().asList()));

        assertTrue(listed.containsAll(List.of(oldText, oldJson, orphanIndex)), listed.toString());
        assertFalse(listed.contains(newText) || listed.contains(newIndex), "nothing made after the cutoff: " + listed);
        assertTrue(listed.stream().allMatch(id -> id.created().isBefore(now.minus(Duration.ofHours(1)))), listed.toString());
        assertArrayEquals("old\n".getBytes(StandardCharsets.UTF_8), all(oldText), "listing removes nothing");
    }

    @Test
    void storeIsReady() {
        await(store().checkReady());
    }
}
