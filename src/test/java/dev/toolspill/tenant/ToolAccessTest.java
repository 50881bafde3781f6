package dev.toolspill.tenant;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolAccessTest {

    final ToolAccess access = new ToolAccess(Map.of("team-b", Set.of("echo")));

    @Test
    void aTenantWithAListCallsOnlyItsToolsAndInspect() {
        Caller b = Caller.tenant("team-b");
        assertTrue(access.allows(b, "echo"));
        assertTrue(access.allows(b, "inspect"), "reading its own blobs is always allowed");
        assertFalse(access.allows(b, "get_weather"));
        assertEquals(List.of("echo", "inspect"), access.allowedOf(b, List.of("echo", "get_weather", "inspect")));
    }

    @Test
    void aTenantWithoutAListAndAnyoneCallEveryTool() {
        assertTrue(access.allows(Caller.tenant("team-a"), "get_weather"));
        assertTrue(access.allows(Caller.ANYONE, "get_weather"));
    }

    @Test
    void aTenantReadsOnlyWhatItOwnsAndAnyoneReadsEverything() {
        assertTrue(Caller.tenant("team-a").mayRead("team-a"));
        assertFalse(Caller.tenant("team-a").mayRead("team-b"));
        assertFalse(Caller.tenant("team-a").mayRead(null), "a blob of nobody is no tenant's");
        assertTrue(Caller.ANYONE.mayRead(null));
        assertTrue(Caller.ANYONE.mayRead("team-b"));
    }
}
