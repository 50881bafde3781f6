package dev.toolspill.blob;

import com.fasterxml.uuid.Generators;
import com.fasterxml.uuid.impl.TimeBasedEpochGenerator;

import java.time.Instant;
import java.util.UUID;

/** A blob's name: a UUID version 7, so ids sort by creation time. */
public record BlobId(UUID uuid) {

    private static final TimeBasedEpochGenerator GENERATOR = Generators.timeBasedEpochGenerator();

    public BlobId {
        if (uuid.version() != 7) {
            throw new InvalidBlobIdException(uuid.toString());
        }
    }

    public static BlobId random() {
        return new BlobId(GENERATOR.generate());
    }

    /** An id made at {@code time} (millisecond precision), with random bits like any other: how tests make old blobs. */
    public static BlobId at(Instant time) {
        return new BlobId(GENERATOR.construct(time.toEpochMilli()));
    }

    /** Parses the canonical 36-character form; anything else is an {@link InvalidBlobIdException}. */
    public static BlobId parse(String text) {
        if (text == null || text.length() != 36) {
            throw new InvalidBlobIdException(text);
        }
        try {
            return new BlobId(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            throw new InvalidBlobIdException(text);
        }
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
