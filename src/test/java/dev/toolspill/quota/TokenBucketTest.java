package dev.toolspill.quota;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bucket's arithmetic on a clock the test moves: a burst, then one request per refill interval. */
class TokenBucketTest {

    static final long SECOND = 1_000_000_000L;

    @Test
    void aBurstThenOneTokenPerIntervalAndTheWaitUntilTheNext() {
        TokenBucket bucket = new TokenBucket(2, 3, 0); // 2 a second, 3 at once
        assertEquals(0, bucket.take(0));
        assertEquals(0, bucket.take(0));
        assertEquals(0, bucket.take(0));
        assertEquals(SECOND / 2, bucket.take(0), "the 4th waits half a second");
        assertEquals(SECOND / 4, bucket.take(SECOND / 4), "a refused request takes nothing");
        assertEquals(0, bucket.take(SECOND / 2));
        assertTrue(bucket.take(SECOND / 2) > 0);
    }

    @Test
    void aQuietBucketFillsOnlyUpToItsBurst() {
        TokenBucket bucket = new TokenBucket(10, 2, 0);
        long later = 3600 * SECOND;
        assertEquals(0, bucket.take(later));
        assertEquals(0, bucket.take(later));
        assertTrue(bucket.take(later) > 0, "an hour of quiet still allows only 2 at once");
    }
}
