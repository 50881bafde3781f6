package dev.toolspill.blob;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.UUID;

/**
 * A blob's name: a UUID version 7 (RFC 9562), so ids sort by the millisecond they were made in. Knowing an id tells
 * nothing about any other: besides the 48-bit timestamp, all 74 remaining bits ({@code rand_a} and {@code rand_b})
 * are fresh from a {@link SecureRandom} for every id, with no counter, so ids made in the same millisecond are not
 * neighbours. Only the canonical lower-case 36-character form is an id; aliases {@link UUID#fromString} would accept
 * (upper case, a leading {@code +}, non-ASCII digits, short groups) are not.
 */
public record BlobId(UUID uuid) {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long VERSION_7 = 0x7000L;
    private static final long VARIANT_RFC = 0x8000_0000_0000_0000L;
    private static final long RAND_A = 0x0FFFL;
    private static final long RAND_B = 0x3FFF_FFFF_FFFF_FFFFL;

    public BlobId {
        if (uuid.version() != 7 || uuid.variant() != 2) {
            throw new InvalidBlobIdException(uuid.toString());
        }
    }

    public static BlobId random() {
        return at(System.currentTimeMillis(), RANDOM.nextLong(), RANDOM.nextLong());
    }

    /** An id of the millisecond {@code millis}: 12 bits of {@code randA} and 62 of {@code randB} fill the random fields. */
    static BlobId at(long millis, long randA, long randB) {
        long high = (millis << 16) | VERSION_7 | (randA & RAND_A);
        long low = VARIANT_RFC | (randB & RAND_B);
        return new BlobId(new UUID(high, low));
    }

    /** An id made at {@code time} (millisecond precision), with random bits like any other: how tests make old blobs. */
    public static BlobId at(Instant time) {
        return at(time.toEpochMilli(), RANDOM.nextLong(), RANDOM.nextLong());
    }

    /** Parses the canonical form (8-4-4-4-12 digits {@code 0-9a-f}, version 7); anything else is an {@link InvalidBlobIdException}. */
    public static BlobId parse(String text) {
        if (!isCanonical(text)) {
            throw new InvalidBlobIdException(text);
        }
        return new BlobId(UUID.fromString(text));
    }

    private static boolean isCanonical(String text) {
        if (text == null || text.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return text.charAt(14) == '7' && "89ab".indexOf(text.charAt(19)) >= 0;
    }

    @Override
    public String toString() {
        return uuid.toString();
    }

    /** When the id was made: a UUID version 7 carries its creation time in milliseconds. */
    public Instant created() {
        return Instant.ofEpochMilli(uuid.getMostSignificantBits() >>> 16);
    }

    /** How summaries and markers name the blob. */
    public String tag() {
        return "[blob:" + uuid + "]";
    }
}
