package dev.toolspill.redact;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hostile shapes that made the redactor slow (issue 26: PEM headers with no END, values that run into the next key
 * name): what they hold is still found, and the work they cost is bounded. Work is counted (the chars a rule's
 * expression reads, the bytes held back), never timed.
 */
class RedactWorstCaseTest {

    /**
     * {@code password=} values that run into the next one, with no line end: each overlaps the next, so their union
     * once reached the end of every window and was held whole, the window grew with the stream and was read again for
     * every chunk. Now the matches before the last one go out redacted and the window stays bounded.
     */
    @Test
    void valuesThatRunIntoTheNextKeyAreRedactedAsTheyPass() {
        StringBuilder text = new StringBuilder();
        java.util.Random random = new java.util.Random(26);
        while (text.length() < 2_000_000) {
            text.append("password=");
            for (int i = 0; i < 300; i++) {
                text.append("Ab3Xk9Qz7Lm2Pw5Rt8Vn4Hj6Gd1Fs0Ce".charAt(random.nextInt(32)));
            }
        }
        Redactor redactor = RuleSet.of(Map.of(), Set.of(), 8192).redactor(Redactor.Counter.NONE);
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int chunk = 65536;
        int pushes = 0;
        int answered = 0; // pushes that put bytes out: the window is settled as it goes, not held to the end
        for (int at = 0; at < bytes.length; at += chunk) {
            byte[] settled = redactor.push(Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + chunk)));
            out.writeBytes(settled);
            pushes++;
            answered += settled.length > 0 ? 1 : 0;
        }
        assertTrue(answered >= pushes / 3, answered + " of " + pushes + " pushes put bytes out");
        out.writeBytes(redactor.finish());
        String redacted = out.toString(StandardCharsets.US_ASCII);
        assertTrue(redacted.replace("[redacted:generic-secret]", "").startsWith("password="), redacted.substring(0, 100));
        assertFalse(redacted.replace("[redacted:generic-secret]", "").replace("password=", "").matches("(?s).*[A-Za-z0-9]{8}.*"),
                "no value left");
    }
}
