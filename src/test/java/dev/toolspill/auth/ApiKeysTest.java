package dev.toolspill.auth;

import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.toolspill.TestDigests.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApiKeysTest {

    @Test
    void aKeyNamesTheTenantWhoseDigestItHas() {
        ApiKeys keys = ApiKeys.configured(true, Map.of(
                "team-a", List.of(sha256("alpha-1"), sha256("alpha-2")),
                "team-b", List.of(" " + sha256("beta") + " ")));
        assertEquals(Optional.of("team-a"), keys.tenantOf("alpha-1"));
        assertEquals(Optional.of("team-a"), keys.tenantOf("alpha-2"));
        assertEquals(Optional.of("team-b"), keys.tenantOf("beta"));
        assertEquals(Optional.empty(), keys.tenantOf("gamma"));
        assertEquals(Optional.empty(), keys.tenantOf(sha256("alpha-1")), "a digest is not a key");
        assertEquals(Optional.empty(), keys.tenantOf(""));
        assertEquals(3, keys.size());
    }

    @Test
    void theDigestOfAKnownValueIsWhatSha256sumPrints() {
        // printf %s 'abc' | sha256sum
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", HexFormat.of().formatHex(ApiKeys.sha256("abc")));
    }

    @Test
    void productionWithoutAKeyRefusesToStartAndSaysHowToConfigureOne() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ApiKeys.configured(true, Map.of()));
        assertTrue(e.getMessage().contains("no API key is configured"), e.getMessage());
        assertTrue(e.getMessage().contains("sha256sum"), e.getMessage());
        assertTrue(e.getMessage().contains("toolspill.auth.keys.\"<tenant>\""), e.getMessage());
        assertTrue(e.getMessage().contains("toolspill.auth.enabled=false"), e.getMessage());
        assertTrue(e.getMessage().contains("toolspill.auth.jwt.issuer"), "the JWT option is named too: " + e.getMessage());
        assertTrue(e.getMessage().contains("toolspill.auth.jwt.public-key-location"), e.getMessage());
    }

    @Test
    void withAuthenticationOffNoKeyIsNeeded() {
        assertEquals(0, ApiKeys.configured(false, Map.of()).size());
    }

    @Test
    void aConfiguredValueThatIsNotADigestIsRefusedWithoutQuotingIt() {
        for (String wrong : List.of("my-secret-api-key", sha256("x").toUpperCase(), sha256("x").substring(1), sha256("x") + "0")) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> ApiKeys.configured(true, Map.of("team-a", List.of(sha256("ok"), wrong))));
            assertTrue(e.getMessage().contains("toolspill.auth.keys.\"team-a\": entry 2 is not a SHA-256 digest"), e.getMessage());
            assertFalse(e.getMessage().contains(wrong), "the message quoted the configured value: " + e.getMessage());
        }
    }

    @Test
    void oneDigestForTwoTenantsIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ApiKeys.configured(true, Map.of("a", List.of(sha256("k")), "b", List.of(sha256("k")))));
        assertTrue(e.getMessage().contains("share a digest"), e.getMessage());
    }

    @Test
    void aTenantNameMustBePlain() {
        assertThrows(IllegalStateException.class, () -> ApiKeys.configured(true, Map.of("team a/../b", List.of(sha256("k")))));
        assertThrows(IllegalStateException.class, () -> ApiKeys.configured(true, Map.of("", List.of(sha256("k")))));
    }
}
