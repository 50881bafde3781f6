package dev.toolspill.blob;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What is recorded beside a blob when it is written ({@link BlobLayout#record}, {@code blobs/<uuid>.meta}): its owner
 * (the writer's tenant; null: nobody, written with authentication off), the SHA-256 of its bytes and their count.
 * Written before the blob becomes visible, so every blob written since owners were recorded has one. Kept as a few
 * {@code name=value} lines of UTF-8, readable by hand.
 */
public record BlobRecord(String owner, String sha256, long bytes) {

    private static final HexFormat HEX = HexFormat.of();

    public byte[] encode() {
        StringBuilder text = new StringBuilder("sha256=").append(sha256).append('\n').append("bytes=").append(bytes).append('\n');
        if (owner != null) {
            text.append("owner=").append(owner).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The record in {@code bytes}, or empty when they are not one (a damaged record vouches for nothing). */
    public static Optional<BlobRecord> decode(byte[] bytes) {
        String owner = null;
        String sha256 = null;
        long size = -1;
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            int eq = line.indexOf('=');
            String name = eq < 0 ? line : line.substring(0, eq);
            String value = eq < 0 ? "" : line.substring(eq + 1);
            switch (name) {
                case "owner" -> owner = value;
                case "sha256" -> sha256 = value;
                case "bytes" -> size = parseSize(value);
                default -> {
                    // a field a later version added: passed over
                }
            }
        }
        boolean valid = sha256 != null && sha256.matches("[0-9a-f]{64}") && size >= 0;
        return valid ? Optional.of(new BlobRecord(owner, sha256, size)) : Optional.empty();
    }

    private static long parseSize(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** An upload's record once it has committed; before that, there is none to ask for. */
    public static BlobRecord ofCommitted(BlobRecord kept) {
        if (kept == null) {
            throw new IllegalStateException("an upload has a record once it has committed");
        }
        return kept;
    }

    public static String hex(byte[] digest) {
        return HEX.formatHex(digest);
    }

    public static BlobRecord of(String owner, byte[] bytes) {
        return new BlobRecord(owner, hex(newDigest().digest(bytes)), bytes.length);
    }
}
