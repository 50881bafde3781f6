package dev.toolspill;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 digests as the configuration and the API spell them, computed here independently of the application's code:
 * an API key's digest is what {@code toolspill.auth.keys} holds (the application knows only that), a body's is a
 * blob's {@code sha256}.
 */
public final class TestDigests {

    private TestDigests() {
    }

    /** The SHA-256 of the text's UTF-8 bytes, in lower-case hex: {@code printf %s "$TEXT" | sha256sum}. */
    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
