package dev.toolspill.blob;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.output.Content;
import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
