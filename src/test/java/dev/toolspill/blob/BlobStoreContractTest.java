package dev.toolspill.blob;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.output.Content;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import io.vertx.mutiny.core.buffer.Buffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every {@link BlobStore} must do; each backend runs this suite. */
public abstract class BlobStoreContractTest {

    protected static final ObjectMapper MAPPER = new ObjectMapper();

    protected abstract BlobStore store();

    /** The raw bytes under the blob's own name, read straight from the backend. */
    protected abstract byte[] rawObject(String key);

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

    private BlobInfo storeText(String text) {
        return await(store().store(BlobId.random(), new Content.Text(text)));
    }

    @Test
    void textRoundTripsByteForByte() {
        for (String text : List.of("plain ascii\n", "日本語のテキスト\n絵文字 😀🎉\n", "crlf\r\nlines\r\n", "no final newline", "")) {
            BlobInfo info = storeText(text);
            byte[] expected = text.getBytes(StandardCharsets.UTF_8);
            assertEquals(BlobKind.TEXT, info.kind());
            assertEquals(expected.length, info.bytes());
            assertArrayEquals(expected, rawObject("blobs/" + info.id() + ".txt"), "object holds exactly the text");
            Content loaded = await(store().load(info.id()));
            assertInstanceOf(Content.Text.class, loaded);
            assertEquals(text, loaded.text());
            assertEquals(info.count(), await(store().stat(info.id())).count());
            assertEquals(expected.length, await(store().stat(info.id())).bytes());
        }
    }

    @Test
    void jsonRoundTripsWithItsOriginalBytes() throws Exception {
        String array = "[ {\"a\": 1},\n  {\"a\": 2}, 3 ]";
        String object = "{\"results\": [1, 2, 3], \"name\": \"ü\"}";
        BlobInfo arrayInfo = await(store().store(BlobId.random(), new Content.Structured(MAPPER.readTree(array), array)));
        BlobInfo objectInfo = await(store().store(BlobId.random(), new Content.Structured(MAPPER.readTree(object), object)));

        assertEquals(BlobKind.JSON_ARRAY, arrayInfo.kind());
        assertEquals(3, arrayInfo.count());
        assertEquals(BlobKind.JSON_OBJECT, objectInfo.kind());
        assertEquals(2, objectInfo.count());
        assertArrayEquals(array.getBytes(StandardCharsets.UTF_8), rawObject("blobs/" + arrayInfo.id() + ".json"));
        assertEquals(object, await(store().load(objectInfo.id())).text());
        assertEquals(MAPPER.readTree(object), ((Content.Structured) await(store().load(objectInfo.id()))).json());

        BlobInfo stat = await(store().stat(arrayInfo.id()));
        assertEquals(BlobKind.JSON_ARRAY, stat.kind());
        assertEquals(3, stat.count());
        assertEquals(BlobKind.JSON_OBJECT, await(store().stat(objectInfo.id())).kind());
    }

    @Test
    void rangedReadsReturnExactlyTheBytesAsked() {
        String text = "0123456789abcdefghij";
        BlobInfo info = storeText(text);
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
        BlobInfo info = storeText(text);
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
        BlobInfo info = storeText(text);

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
        BlobInfo info = storeText(text);
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
    void metadataTellsKindAndSize() throws Exception {
        String text = "été\n".repeat(300);
        String array = "  \n[1, 2, 3]";
        String object = "{\"a\": [1]}";
        BlobInfo textInfo = storeText(text);
        BlobInfo arrayInfo = await(store().store(BlobId.random(), new Content.Structured(MAPPER.readTree(array), array)));
        BlobInfo objectInfo = await(store().store(BlobId.random(), new Content.Structured(MAPPER.readTree(object), object)));

        assertEquals(new BlobMetadata(textInfo.id(), BlobKind.TEXT, text.getBytes(StandardCharsets.UTF_8).length), await(store().metadata(textInfo.id())));
        assertEquals(new BlobMetadata(arrayInfo.id(), BlobKind.JSON_ARRAY, array.length()), await(store().metadata(arrayInfo.id())));
        assertEquals(new BlobMetadata(objectInfo.id(), BlobKind.JSON_OBJECT, object.length()), await(store().metadata(objectInfo.id())));
        assertEquals("blobs/" + arrayInfo.id() + ".json", await(store().metadata(arrayInfo.id())).key());
        assertThrows(BlobNotFoundException.class, () -> await(store().metadata(BlobId.random())));
    }

    @Test
    void existsTellsStoredFromUnknown() {
        BlobInfo info = storeText("x".repeat(1000));
        assertTrue(await(store().exists(info.id())));
        assertFalse(await(store().exists(BlobId.random())));
    }

    @Test
    void unknownIdFailsWithNotFound() {
        BlobId unknown = BlobId.random();
        assertThrows(BlobNotFoundException.class, () -> await(store().load(unknown)));
        assertThrows(BlobNotFoundException.class, () -> await(store().stat(unknown)));
        assertThrows(BlobNotFoundException.class, () -> await(store().read(unknown, new ByteRange(0, 1))));
    }

    @Test
    void concurrentStoresAreDistinctAndReadable() {
        List<Uni<BlobInfo>> stores = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            stores.add(store().store(BlobId.random(), new Content.Text("blob number " + i + "\n".repeat(i))));
        }
        List<BlobInfo> infos = await(Uni.join().all(stores).andFailFast());
        Set<BlobId> ids = new HashSet<>();
        for (int i = 0; i < infos.size(); i++) {
            BlobInfo info = infos.get(i);
            assertTrue(ids.add(info.id()), "ids are distinct");
            assertEquals("blob number " + i + "\n".repeat(i), await(store().load(info.id())).text());
        }
        assertEquals(100, ids.size());
    }

    @Test
    void storeIsReady() {
        await(store().checkReady());
    }
}
