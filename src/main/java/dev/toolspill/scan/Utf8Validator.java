package dev.toolspill.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * An incremental, strict UTF-8 validator (no overlong forms, no surrogates, nothing past U+10FFFF); a character
 * may span chunks. Runs of ASCII are skipped eight bytes at a time.
 */
final class Utf8Validator {

    /** Eight bytes at a time, for the ASCII and newline fast paths. */
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private int pending;
    private int low = 0x80;
    private int high = 0xBF;
    private int badAt = -1;

    /** Whether the chunk continues valid UTF-8; if not, {@link #badAt} is the offending byte's index in the chunk. */
    boolean accept(byte[] b, int off, int len) {
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (pending == 0 && i + 8 <= end && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0) {
                i += 7; // eight ASCII bytes at once
                continue;
            }
            int c = b[i] & 0xFF;
            if (pending > 0) {
                if (c < low || c > high) {
                    badAt = i - off;
                    return false;
                }
                pending--;
                low = 0x80;
                high = 0xBF;
                continue;
            }
            if (c < 0x80) {
                continue;
            }
            if (c >= 0xC2 && c <= 0xDF) {
                pending = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                pending = 2;
                low = c == 0xE0 ? 0xA0 : 0x80; // no overlong 3-byte forms
                high = c == 0xED ? 0x9F : 0xBF; // no surrogates
            } else if (c >= 0xF0 && c <= 0xF4) {
                pending = 3;
                low = c == 0xF0 ? 0x90 : 0x80; // no overlong 4-byte forms
                high = c == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
            } else {
                badAt = i - off;
                return false;
            }
        }
        return true;
    }

    int badAt() {
        return badAt;
    }

    /** Whether the bytes so far end on a character boundary. */
    boolean complete() {
        return pending == 0;
    }
}
