package dev.toolspill.ledger;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Writes ledger entries as JSON lines, the way {@code ObjectMapper} writes a {@link LedgerEntry} (the same fields and
 * names, nulls left out, {@code at} as an ISO-8601 instant with milliseconds), with one reused generator and buffer,
 * without reflection, and formatting the date and time once a second: what {@link Ledger#record} does on the call's
 * path. Not thread-safe: one per stripe of the ledger, used under its lock.
 */
final class LedgerLines {

    /** Kept from line to line, unless a line made it larger than this. */
    private static final int KEPT = 64 * 1024;

    private final Bytes line = new Bytes(1024);
    private final JsonGenerator json;
    private final char[] at = new char[40];
    private long second = Long.MIN_VALUE;

    LedgerLines(JsonFactory factory) {
        try {
            json = factory.createGenerator(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        json.setRootValueSeparator(null);
    }

    /** {@code entry} as one JSON line (ending with a newline), in a buffer that the next call reuses. */
    Bytes write(LedgerEntry entry) {
        line.restart();
        try {
            json.writeStartObject();
            string("id", entry.id());
            string("tenant", entry.tenant());
            if (entry.at() != null) {
                json.writeFieldName("at");
                json.writeString(at, 0, format(entry.at()));
            }
            string("kind", entry.kind());
            string("tool", entry.tool());
            string("call_id", entry.callId());
            string("status", entry.status());
            string("disposition", entry.disposition());
            json.writeNumberField("tool_bytes", entry.toolBytes());
            json.writeNumberField("history_bytes", entry.historyBytes());
            if (entry.historyTokens() != null) {
                json.writeNumberField("history_tokens", entry.historyTokens());
            }
            string("blob_id", entry.blobId());
            string("blob_kind", entry.blobKind());
            if (entry.blobCount() != null) {
                json.writeNumberField("blob_count", entry.blobCount());
            }
            string("answer", entry.answer());
            json.writeNumberField("kept_out_bytes", entry.keptOutBytes());
            json.writeEndObject();
            json.writeRaw('\n');
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("a ledger entry is plain data", e);
        }
        return line;
    }

    /** Bytes in memory that can be appended to others without a copy in between. */
    static final class Bytes extends ByteArrayOutputStream {
        Bytes(int size) {
            super(size);
        }

        void appendTo(ByteArrayBuilder other) {
            other.write(buf, 0, count);
        }

        /** Empty, and not larger in memory than {@link #KEPT} (a huge line is not kept for the next). */
        void restart() {
            reset();
            if (buf.length > KEPT) {
                buf = new byte[1024];
            }
        }
    }

    private void string(String name, String value) throws IOException {
        if (value != null) {
            json.writeStringField(name, value);
        }
    }

    /**
     * {@code at} as {@link Instant#toString} spells it ({@code yyyy-MM-ddTHH:mm:ss}, then the fraction in groups of 3
     * digits, then {@code Z}) into {@link #at}, the part up to the seconds formatted once a second; its length.
     */
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
