package dev.toolspill.history;

import dev.toolspill.blob.BlobId;
import dev.toolspill.scan.BlobKind;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where an output went and how many of its bytes history was spared: what the metrics count. */
class AdmittedTest {

    private static final BlobId ID = BlobId.random();

    @Test
    void dispositionFollowsWhatHappened() {
        StoredBlob blob = blob(5000);
        assertEquals(Disposition.INLINE, new Admitted("hi", null, null).disposition());
        assertEquals(Disposition.STORED, new Admitted("[blob:x] text | 9 lines", blob, null).disposition());
        assertEquals(Disposition.TRUNCATED, new Admitted("cut", blob, new Admitted.Truncation(4000, ID)).disposition());
        assertEquals(Disposition.TRUNCATED, new Admitted("cut", null, new Admitted.Truncation(10, null)).disposition());
        assertEquals(Disposition.UNSTORED, new Admitted("cut", null, new Admitted.Truncation(10, null)).unstored().disposition());
        assertEquals("unstored", Disposition.UNSTORED.label());
    }

    @Test
    void bytesKeptOutAreTheBlobBeyondWhatHistoryHoldsOrWhatTheLimitDropped() {
        assertEquals(0, new Admitted("hé", null, null).keptOutBytes());
        assertEquals(3, new Admitted("hé", null, null).historyBytes());
        assertEquals(5000 - 10, new Admitted("0123456789", blob(5000), null).keptOutBytes());
        assertEquals(777, new Admitted("0123456789", null, new Admitted.Truncation(777, null)).keptOutBytes());
    }

    private static StoredBlob blob(long bytes) {
        return new StoredBlob(ID, BlobKind.TEXT, bytes, 9L);
    }
}
