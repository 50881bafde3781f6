package dev.toolspill.auth;

import dev.toolspill.TestDigests;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The keys in force follow the file's content; a file that turns invalid changes nothing. */
class RotatingKeysTest {

    private static final String OLD = "old-key";
    private static final String NEW = "new-key";
    private static final String CONFIGURED = "configured-key";

    private static String line(String tenant, String... keys) {
        return "toolspill.auth.keys.\"" + tenant + "\"=" + String.join(",", java.util.Arrays.stream(keys).map(TestDigests::sha256).toList()) + "\n";
    }

    @Test
    void aRotationAddsTheNewKeyThenDropsTheOldOneAndConfiguredKeysStay() {
        RotatingKeys keys = new RotatingKeys(true, Map.of("ops", List.of(TestDigests.sha256(CONFIGURED))), Optional.empty());
        keys.reload(line("team-a", OLD));
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(OLD));
        assertEquals(Optional.empty(), keys.current().tenantOf(NEW));

        keys.reload(line("team-a", OLD, NEW));
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(OLD), "the overlap: both valid");
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(NEW));

        keys.reload(line("team-a", NEW));
        assertEquals(Optional.empty(), keys.current().tenantOf(OLD));
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(NEW));
        assertEquals(Optional.of("ops"), keys.current().tenantOf(CONFIGURED), "toolspill.auth.keys are always in force");
    }

    @Test
    void aFileThatTurnsInvalidIsNotTaken() {
        RotatingKeys keys = new RotatingKeys(false, Map.of(), Optional.empty());
        keys.reload(line("team-a", NEW));
        keys.reload("toolspill.auth.keys.\"team-a\"=not-a-digest\n");
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(NEW));
        keys.reload("quarkus.http.port=1\n");
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(NEW));
        keys.reload(line("team-a", NEW) + line("team-b", NEW));
        assertEquals(Optional.of("team-a"), keys.current().tenantOf(NEW), "one key of two tenants: not taken");
    }

    @Test
    void onlyKeyLinesAreAccepted() {
        assertEquals(Map.of("team-a", List.of(TestDigests.sha256(OLD))), RotatingKeys.parse("# comment\n" + line("team-a", OLD)));
        var other = assertThrows(IllegalStateException.class, () -> RotatingKeys.parse("# keys\n" + line("team-a", OLD) + "foo=bar\n"));
        assertEquals("toolspill.auth.keys-file may hold only toolspill.auth.keys.\"<tenant>\" lines (line 3 is another)", other.getMessage());
    }

    @Test
    void aFileThatIsMissingOrNotTextIsNamedInWords(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("keys.properties");
        var gone = assertThrows(UncheckedIOException.class, () -> new RotatingKeys(true, Map.of(), Optional.of(missing)));
        assertEquals("toolspill.auth.keys-file " + missing + " does not exist (deleted, renamed, or its volume not mounted)", gone.getMessage());

        Path binary = Files.write(dir.resolve("keys.bin"), new byte[]{(byte) 0xC3, 0x28, (byte) 0xFF, 0});
        var garbled = assertThrows(UncheckedIOException.class, () -> new RotatingKeys(true, Map.of(), Optional.of(binary)));
        assertEquals("toolspill.auth.keys-file " + binary + " is not UTF-8 text (a binary file?)", garbled.getMessage());

        var folder = assertThrows(UncheckedIOException.class, () -> new RotatingKeys(true, Map.of(), Optional.of(dir)));
        assertEquals("toolspill.auth.keys-file " + dir + " is a directory, not a file (mount the Secret's key, not the whole Secret,"
                + " or name the file in it)", folder.getMessage());
    }
}
