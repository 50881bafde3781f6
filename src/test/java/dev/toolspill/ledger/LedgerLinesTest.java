package dev.toolspill.ledger;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.toolspill.blob.BlobId;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.StoredBlob;
import dev.toolspill.scan.BlobKind;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A line the ledger writes on the call's path is what {@code ObjectMapper} writes for the entry, and reads back as it. */
class LedgerLinesTest {

    static final ObjectMapper MAPPER = new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    @Test
    void aLineIsTheEntryAsJacksonWritesItAndReadsBackEqual() throws Exception {
        Instant at = Instant.parse("2026-12-03T10:15:00Z");
        LedgerEntry stored = new Admitted("[blob:x] 4000 lines", new StoredBlob(BlobId.at(at), BlobKind.TEXT, 120_000, 4000L), null)
                .entry("team-a", at.plusMillis(7), LedgerEntry.CALL, "search", "c1", false);
        List<LedgerEntry> entries = List.of(
                new Admitted("hello <b>\"world\"</b>\n\t\u00e9\u4e2d\ud83d\ude00 \u0001", null, null).entry("team-a", at, LedgerEntry.CALL, "echo", "1", false),
                new Admitted("same second, later", null, null).entry(null, at.plusMillis(999), LedgerEntry.INGEST, null, null, false),
                new Admitted("micros", null, null).entry("t", at.plusNanos(123_456_000), LedgerEntry.CALL, "echo", "2", false),
                new Admitted("nanos", null, null).entry("t", at.plusNanos(1), LedgerEntry.CALL, "echo", "3", false),
                new Admitted("a minute on, 0 seconds", null, null).entry("t", at.plusSeconds(45), LedgerEntry.CALL, "echo", "4", false),
                new Admitted("far future", null, null).entry("t", Instant.parse("+12026-01-01T00:00:01.5Z"), LedgerEntry.CALL, "echo", "5", false),
                new Admitted("unknown tool", null, null).entry("t", at, LedgerEntry.CALL, "nope", "6", true),
                stored, stored.withTokens(42));
        LedgerLines lines = new LedgerLines();
        for (LedgerEntry entry : entries) {
            String line = lines.write(entry).text();
            assertEquals(line.indexOf('\n'), line.length() - 1, "one line: " + line);
            assertEquals(MAPPER.readTree(MAPPER.writeValueAsString(entry)), MAPPER.readTree(line), "as Jackson writes it: " + line);
            assertEquals(entry, MAPPER.readerFor(LedgerEntry.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(line), "reads back as the ledger reads it");
        }
    }

    @Test
    void escapesOfEveryKindAndLoneSurrogatesReadBackAsTheSameText() throws Exception {
        Instant at = Instant.parse("2026-12-03T10:15:00Z");
        String escapes = "\u0001\"\\\n".repeat(5000) + "\ud800 lone, reversed \udc00\ud800, last \ud83d";
        LedgerLines lines = new LedgerLines();
        for (String answer : List.of(escapes, "x" + escapes, "\u00e9\u4e2d".repeat(3000))) {
            LedgerEntry entry = new Admitted(answer, null, null).entry("t", at, LedgerEntry.CALL, "echo", "1", false);
            String line = lines.write(entry).text();
            assertEquals(line.indexOf('\n'), line.length() - 1, "one line");
            assertEquals(entry, MAPPER.readerFor(LedgerEntry.class).without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(line));
        }
    }

    @Test
    void pendingLinesComeBackWholeInPartsUnderHalfARegion() {
        PendingLines pending = new PendingLines();
        java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
        java.util.Random random = new java.util.Random(27);
        for (int i = 0; i < 3000; i++) {
            byte[] line = new byte[i == 1000 ? 700_000 : random.nextInt(900)];
            random.nextBytes(line);
            pending.append(line, line.length - (line.length > 0 ? 1 : 0));
            expected.write(line, 0, line.length - (line.length > 0 ? 1 : 0));
        }
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        for (byte[] part : pending.parts()) {
            assertEquals(true, part.length <= PendingLines.LARGEST, "a part of " + part.length);
            got.writeBytes(part);
        }
        assertEquals(3000, pending.entries());
        assertEquals(expected.size(), pending.size());
        assertEquals(true, java.util.Arrays.equals(expected.toByteArray(), got.toByteArray()));
    }

    @Test
    void aHugeLineDoesNotStayInMemory() {
        LedgerLines lines = new LedgerLines();
        Instant at = Instant.parse("2026-12-03T10:15:00Z");
        lines.write(new Admitted("x".repeat(1 << 20), null, null).entry("t", at, LedgerEntry.CALL, "echo", "1", false));
        String small = lines.write(new Admitted("small", null, null).entry("t", at, LedgerEntry.CALL, "echo", "2", false))
                .text();
        assertEquals(true, small.contains("\"answer\":\"small\""), small);
    }
}
