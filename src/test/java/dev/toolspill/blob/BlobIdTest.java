package dev.toolspill.blob;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class BlobIdTest {

    private static final String CANONICAL = "019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70";

    /** The 74 random bits of an id, rand_a above rand_b, as one number: what someone who knows another id would have to guess. */
    private static BigInteger randomPart(BlobId id) {
        long randA = id.uuid().getMostSignificantBits() & 0xFFFL;
        long randB = id.uuid().getLeastSignificantBits() & 0x3FFF_FFFF_FFFF_FFFFL;
        return BigInteger.valueOf(randA).shiftLeft(62).or(BigInteger.valueOf(randB));
    }

    @Test
    void idsMadeByEightThreadsAtOnceHaveNoEqualOrAdjacentRandomParts() throws Exception {
        int threads = 8;
        int perThread = 12_500;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<List<BlobId>>> made = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                Callable<List<BlobId>> maker = () -> {
                    start.await();
                    List<BlobId> ids = new ArrayList<>(perThread);
                    for (int i = 0; i < perThread; i++) {
                        ids.add(BlobId.random());
                    }
                    return ids;
                };
                made.add(pool.submit(maker));
            }
            start.countDown();
            List<BigInteger> parts = new ArrayList<>(threads * perThread);
            for (Future<List<BlobId>> ids : made) {
                ids.get().forEach(id -> parts.add(randomPart(id)));
            }
            assertEquals(100_000, parts.size());
            parts.sort(null);
            for (int i = 1; i < parts.size(); i++) {
                BigInteger gap = parts.get(i).subtract(parts.get(i - 1));
                if (gap.compareTo(BigInteger.ONE) <= 0) {
                    fail("two ids have random parts " + (gap.signum() == 0 ? "equal" : "adjacent") + ": " + parts.get(i - 1).toString(16)
                            + " and " + parts.get(i).toString(16));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void idsOfOneThreadAreOrderedByTheirMillisecond() {
        BlobId previous = BlobId.random();
        for (int i = 0; i < 10_000; i++) {
            BlobId next = BlobId.random();
            assertTrue(!next.created().isBefore(previous.created()), previous + " then " + next);
            previous = next;
        }
    }

    @Test
    void anIdIsAVersion7UuidWhoseTimestampIsTheMillisecondItWasMadeIn() {
        long before = System.currentTimeMillis();
        BlobId id = BlobId.random();
        long after = System.currentTimeMillis();
        assertEquals(7, id.uuid().version());
        assertEquals(2, id.uuid().variant());
        long created = id.created().toEpochMilli();
        assertTrue(created >= before && created <= after, created + " not in [" + before + ", " + after + "]");
        assertEquals(id, BlobId.parse(id.toString()));
    }

    @Test
    void everyRandomBitComesFromTheRandomSourceAndNothingElse() {
        BlobId ones = BlobId.at(0x0123_4567_89ABL, -1L, -1L);
        assertEquals("01234567-89ab-7fff-bfff-ffffffffffff", ones.toString());
        BlobId zeros = BlobId.at(0x0123_4567_89ABL, 0L, 0L);
        assertEquals("01234567-89ab-7000-8000-000000000000", zeros.toString());
    }

    @Test
    void theCanonicalFormParses() {
        assertEquals(CANONICAL, BlobId.parse(CANONICAL).toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "019AD5A1-7C2E-7D3A-9F10-3B2C4D5E6F70",   // upper case
            "019ad5a1-7c2e-7d3a-9f10-3B2c4d5e6f70",   // one upper-case digit
            "+19ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70",   // a sign where a digit belongs
            "019ad5a1-7c2e-7d3a-9f10-+b2c4d5e6f70",
            "０19ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70",   // a full-width digit
            "٠19ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70",   // an Arabic-Indic digit
            "019ad5a17c2e7d3a9f103b2c4d5e6f70",       // no dashes
            "019ad5a1-7c2e-7d3a-9f103-b2c4d5e6f70",   // a dash out of place
            "19ad5a1-7c2e-7d3a-9f10-03b2c4d5e6f70",   // groups of the wrong length
            "019ad5a1-7c2e-4d3a-9f10-3b2c4d5e6f70",   // version 4
            "019ad5a1-7c2e-7d3a-cf10-3b2c4d5e6f70",   // not the RFC variant
            " 019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f7",
            ""})
    void aliasesAndOtherFormsAreNotIds(String text) {
        InvalidBlobIdException e = assertThrows(InvalidBlobIdException.class, () -> BlobId.parse(text));
        assertTrue(e.getMessage().contains("lower-case 0-9a-f in groups of 8-4-4-4-12"), e.getMessage());
    }

    @Test
    void aLongWrongIdIsNotEchoedWhole() {
        String wrong = "x".repeat(10_000);
        InvalidBlobIdException e = assertThrows(InvalidBlobIdException.class, () -> BlobId.parse(wrong));
        assertTrue(e.getMessage().length() < 300, e.getMessage());
        assertThrows(InvalidBlobIdException.class, () -> BlobId.parse(null));
    }
}
