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

    private static final class Holder {
        static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    }

    private Tokens() {
    }

    static int count(String text) {
        return text == null || text.isEmpty() ? 0 : Holder.O200K.countTokensOrdinary(text);
    }
}
