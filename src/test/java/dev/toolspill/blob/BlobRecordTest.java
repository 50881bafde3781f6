package dev.toolspill.blob;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BlobRecordTest {

    @Test
    void aRecordReadsBackAsWritten() {
        BlobRecord owned = BlobRecord.of("team-a", "hello\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03", owned.sha256());
        assertEquals(Optional.of(owned), BlobRecord.decode(owned.encode()));
        BlobRecord nobodys = BlobRecord.of(null, new byte[0]);
        assertEquals(Optional.of(nobodys), BlobRecord.decode(nobodys.encode()));
    }

    @Test
    void fieldsItDoesNotKnowArePassedOverAndADamagedRecordVouchesForNothing() {
        String sha = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";
        assertEquals(Optional.of(new BlobRecord("t", sha, 6)),
                BlobRecord.decode(("later=1\nsha256=" + sha + "\nbytes=6\nowner=t\n").getBytes(StandardCharsets.UTF_8)));
        assertEquals(Optional.empty(), BlobRecord.decode(("sha256=" + sha.substring(1) + "\nbytes=6\n").getBytes(StandardCharsets.UTF_8)));
        assertEquals(Optional.empty(), BlobRecord.decode(("sha256=" + sha + "\nbytes=six\n").getBytes(StandardCharsets.UTF_8)));
        assertEquals(Optional.empty(), BlobRecord.decode(new byte[] {0, 1, 2}));
    }
}
