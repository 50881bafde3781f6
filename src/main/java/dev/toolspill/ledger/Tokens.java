package dev.toolspill.ledger;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Tokens of a text as the model counts them, by JTokkit's {@code o200k_base} (the encoding of GPT-4o and the o-series;
 * other models' counts differ by a few percent). Counted when the ledger is read, on a worker thread, not when it is
 * written: a count is a function of the stored answer, and counting costs about 35 µs for a 300-byte answer, a third of
 * what the whole inline call costs the server (src/bench/ledger.sh), while the ledger is read rarely.
 */
final class Tokens {

    private static volatile Encoding o200k;

    private Tokens() {
    }

    static int count(String text) {
        return text == null || text.isEmpty() ? 0 : encoding().countTokensOrdinary(text);
    }

    /** Loaded on first use; a load that fails (out of memory) is tried again next time, not remembered as a broken class. */
    private static Encoding encoding() {
        Encoding loaded = o200k;
        if (loaded == null) {
            synchronized (Tokens.class) {
                if (o200k == null) {
                    o200k = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
                }
                loaded = o200k;
            }
        }
        return loaded;
    }
}
