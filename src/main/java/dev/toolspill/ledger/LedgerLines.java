package dev.toolspill.ledger;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Writes ledger entries as JSON lines, the way {@code ObjectMapper} writes a {@link LedgerEntry} (the same fields in
 * the same order, nulls left out, {@code at} as an ISO-8601 instant as {@link java.time.Instant#toString} spells it, to the clock's precision; the id holds its millisecond), straight as UTF-8 bytes into
 * one reused buffer: no generator, no reflection, no String or char[] per line, and the date and time formatted once
 * a second. What {@link Ledger#record} does on the call's path (a Jackson generator took about twice as long, a profile
 * of src/bench/ledger-profile.sh showed). Not thread-safe: one per stripe of the ledger, used under its lock.
 */
final class LedgerLines {

    /** Kept from line to line, unless a line made it larger than this. */
    private static final int KEPT = 64 * 1024;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private static final byte[] ID = name("{\"id\":");
    private static final byte[] TENANT = name(",\"tenant\":");
    private static final byte[] AT = name(",\"at\":");
    private static final byte[] KIND = name(",\"kind\":");
    private static final byte[] TOOL = name(",\"tool\":");
    private static final byte[] CALL_ID = name(",\"call_id\":");
    private static final byte[] STATUS = name(",\"status\":");
    private static final byte[] DISPOSITION = name(",\"disposition\":");
    private static final byte[] TOOL_BYTES = name(",\"tool_bytes\":");
    private static final byte[] HISTORY_BYTES = name(",\"history_bytes\":");
    private static final byte[] HISTORY_TOKENS = name(",\"history_tokens\":");
    private static final byte[] BLOB_ID = name(",\"blob_id\":");
    private static final byte[] BLOB_KIND = name(",\"blob_kind\":");
    private static final byte[] BLOB_COUNT = name(",\"blob_count\":");
    private static final byte[] ANSWER = name(",\"answer\":");
    private static final byte[] KEPT_OUT_BYTES = name(",\"kept_out_bytes\":");

    private byte[] buf = new byte[1024];
    private int count;
    private final char[] at = new char[40];
    private final char[] chars = new char[4096];
    private long second = Long.MIN_VALUE;

    private static byte[] name(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code entry} as one JSON line (ending with a newline), in a buffer that the next call reuses: see {@link #bytes}. */
    LedgerLines write(LedgerEntry entry) {
        if (buf.length > KEPT) {
            buf = new byte[1024]; // a huge line is not kept for the next
        }
        count = 0;
        // the id is never null (LedgerEntry.of makes one); "{" comes with it
        raw(ID);
        string(entry.id());
        string(TENANT, entry.tenant());
        if (entry.at() != null) {
            raw(AT);
            instant(entry.at());
        }
        string(KIND, entry.kind());
        string(TOOL, entry.tool());
        string(CALL_ID, entry.callId());
        string(STATUS, entry.status());
        string(DISPOSITION, entry.disposition());
        number(TOOL_BYTES, entry.toolBytes());
        number(HISTORY_BYTES, entry.historyBytes());
        if (entry.historyTokens() != null) {
            number(HISTORY_TOKENS, entry.historyTokens());
        }
        string(BLOB_ID, entry.blobId());
        string(BLOB_KIND, entry.blobKind());
        if (entry.blobCount() != null) {
            number(BLOB_COUNT, entry.blobCount());
        }
        string(ANSWER, entry.answer());
        number(KEPT_OUT_BYTES, entry.keptOutBytes());
        ensure(2);
        buf[count++] = '}';
        buf[count++] = '\n';
        return this;
    }

    /** The buffer holding the last line: its first {@link #size} bytes; the next {@link #write} reuses it. */
    byte[] bytes() {
        return buf;
    }

    int size() {
        return count;
    }

    String text() {
        return new String(buf, 0, count, StandardCharsets.UTF_8);
    }

    private void ensure(int more) {
        if (count + more > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, count + more));
        }
    }

    private void raw(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, count, bytes.length);
        count += bytes.length;
    }

    private void string(byte[] name, String value) {
        if (value != null) {
            raw(name);
            string(value);
        }
    }

    private void number(byte[] name, long value) {
        raw(name);
        ensure(20);
        if (value < 0) {
            if (value == Long.MIN_VALUE) {
                raw(name(Long.toString(value)));
                return;
            }
            buf[count++] = '-';
            value = -value;
        }
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        for (int i = count + digits - 1; i >= count; i--) {
            buf[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        count += digits;
    }

    /**
     * {@code text} as a JSON string in UTF-8: {@code "} and {@code \} escaped, control characters as {@code \n},
     * {@code \t} ... or a backslash, u and 4 hex digits (as Jackson writes them), a lone surrogate as such an escape
     * (so it reads back as the same String).
     */
    private void string(String text) {
        int length = text.length();
        ensure(1);
        buf[count++] = '"';
        // in pieces copied out of the String at once: a loop over a char[] is several times faster than charAt
        for (int from = 0; from < length; ) {
            int to = Math.min(length, from + chars.length);
            if (to < length && Character.isHighSurrogate(text.charAt(to - 1))) {
                to--; // a pair stays in one piece
            }
            text.getChars(from, to, chars, 0);
            piece(to - from);
            from = to;
        }
        ensure(1);
        buf[count++] = '"';
    }

    /** The first {@code length} chars of {@link #chars}, escaped and encoded. */
    private void piece(int length) {
        char[] in = chars;
        // 3 bytes at most per char (a pair of surrogates is 4 for 2); an escape, 6, makes room again for the rest
        ensure(3 * length);
        byte[] out = buf;
        int at = count;
        for (int i = 0; i < length; i++) {
            char c = in[i];
            if (c < 0x80) {
                if (c >= 0x20 && c != '"' && c != '\\') {
                    out[at++] = (byte) c;
                    continue;
                }
                count = at;
                escape(c);
                ensure(3 * (length - i));
                out = buf;
                at = count;
            } else if (c < 0x800) {
                out[at++] = (byte) (0xc0 | c >> 6);
                out[at++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(in[i + 1])) {
                int point = Character.toCodePoint(c, in[++i]);
                out[at++] = (byte) (0xf0 | point >> 18);
                out[at++] = (byte) (0x80 | point >> 12 & 0x3f);
                out[at++] = (byte) (0x80 | point >> 6 & 0x3f);
                out[at++] = (byte) (0x80 | point & 0x3f);
            } else if (Character.isSurrogate(c)) {
                count = at;
                unicode(c);
                ensure(3 * (length - i));
                out = buf;
                at = count;
            } else {
                out[at++] = (byte) (0xe0 | c >> 12);
                out[at++] = (byte) (0x80 | c >> 6 & 0x3f);
                out[at++] = (byte) (0x80 | c & 0x3f);
            }
        }
        count = at;
    }

    /** An ASCII char that JSON escapes, at {@link #count}. */
    private void escape(char c) {
        char shortForm = switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '\n' -> 'n';
            case '\r' -> 'r';
            case '\t' -> 't';
            case '\b' -> 'b';
            case '\f' -> 'f';
            default -> 0;
        };
        if (shortForm == 0) {
            unicode(c);
            return;
        }
        ensure(2);
        buf[count++] = '\\';
        buf[count++] = (byte) shortForm;
    }

    private void unicode(char c) {
        ensure(6);
        buf[count++] = '\\';
        buf[count++] = 'u';
        buf[count++] = HEX[c >> 12 & 0xf];
        buf[count++] = HEX[c >> 8 & 0xf];
        buf[count++] = HEX[c >> 4 & 0xf];
        buf[count++] = HEX[c & 0xf];
    }

    /**
     * {@code at} as {@link Instant#toString} spells it ({@code yyyy-MM-ddTHH:mm:ss}, then the fraction in groups of 3
     * digits, then {@code Z}), quoted; the part up to the seconds formatted once a second.
     */
    private void instant(Instant instant) {
        int length = format(instant);
        ensure(length + 2);
        buf[count++] = '"';
        for (int i = 0; i < length; i++) {
            buf[count++] = (byte) at[i];
        }
        buf[count++] = '"';
    }

    private int format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds != second) {
            String text = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC).toString();
            if (text.length() != 16 && text.length() != 19) {
                // a year past 9999 or before 0: not the call's path
                second = Long.MIN_VALUE;
                String whole = instant.toString();
                whole.getChars(0, whole.length(), at, 0);
                return whole.length();
            }
            (text.length() == 16 ? text + ":00" : text).getChars(0, 19, at, 0);
            second = seconds;
        }
        int nanos = instant.getNano();
        int digits = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1000 == 0 ? 6 : 9;
        int length = 19;
        if (digits > 0) {
            at[length++] = '.';
            int value = nanos;
            for (int i = 9; i > digits; i--) {
                value /= 10;
            }
            for (int i = digits - 1; i >= 0; i--) {
                at[length + i] = (char) ('0' + value % 10);
                value /= 10;
            }
            length += digits;
        }
        at[length++] = 'Z';
        return length;
    }
}
