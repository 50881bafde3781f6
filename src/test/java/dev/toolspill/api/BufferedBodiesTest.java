package dev.toolspill.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The budget of bodies held whole, and each tenant's share of the upload slots. */
class BufferedBodiesTest {

    @Test
    void bodiesAreAdmittedWhileTheyFitAndGiveTheirBytesBack() {
        BufferedBodies bodies = new BufferedBodies(100);
        assertTrue(bodies.tryTake(60));
        assertFalse(bodies.tryTake(41), "60 + 41 is over 100");
        assertTrue(bodies.tryTake(40));
        assertFalse(bodies.tryTake(1));
        bodies.giveBack(60);
        assertEquals(40, bodies.held());
        assertTrue(bodies.tryTake(60));
    }

    @Test
    void aTenantHoldsItsShareOrOneBodyAndTheOthersStillGetTheRest() {
        BufferedBodies bodies = new BufferedBodies(100);
        assertTrue(bodies.tryTake("a", 0.5, 40));
        assertFalse(bodies.tryTake("a", 0.5, 20), "40 + 20 is over a's half");
        assertTrue(bodies.tryTake("b", 0.5, 50));
        assertFalse(bodies.tryTake("c", 0.5, 20), "the replica's budget is spent: 40 + 50 + 20");
        bodies.giveBack("a", 40);
        assertTrue(bodies.tryTake("c", 0.5, 20));
        assertEquals(70, bodies.held());
        BufferedBodies large = new BufferedBodies(100);
        assertTrue(large.tryTake("a", 0.5, 80), "a tenant holding nothing may take one body larger than its share");
        assertFalse(large.tryTake("a", 0.5, 10));
        assertTrue(large.tryTake("anonymous", 1, 20), "share 1: only the replica's budget");
    }

    @Test
    void aTenantsShareOfTheUploadSlotsIsOnByDefaultWithAuthentication() {
        assertEquals(16, TenantLimits.uploadsPerTenant(0, 0.5, 32, true));
        assertEquals(1, TenantLimits.uploadsPerTenant(0, 0.01, 32, true), "at least one slot");
        assertEquals(1500, TenantLimits.uploadsPerTenant(0, 0.5, 3000, true), "a fraction of whatever the replica's budget is");
        assertEquals(0, TenantLimits.uploadsPerTenant(0, 0.5, 32, false), "one tenant when authentication is off: no share");
        assertEquals(0, TenantLimits.uploadsPerTenant(0, 1, 32, true), "1 turns the share off");
        assertEquals(3, TenantLimits.uploadsPerTenant(3, 0.5, 32, true), "a configured number wins");
    }
}
