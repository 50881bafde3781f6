package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.impl.HttpUtils;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every spelling of every endpoint is either refused at the edge or, if it passes, is the very string the router
 * matches (Vert.x's normalized path) and is on the same route for every policy as the canonical path: capped,
 * counted and admitted alike. On main the policies compared raw strings, so {@code /v1/tool-outputs/../tool-calls}
 * passed the body cap and {@code /v1/tool-outputs;x=1} the upload cap.
 */
class EdgeRoutesSpellingsTest {

    private final EdgeRoutes routes = new EdgeRoutes(ApiPaths.MCP, null);

    @Test
    void everySpellingOfEveryEndpointIsRefusedOrMeetsTheCanonicalPolicies() {
        List<String> passed = new ArrayList<>();
        int checked = 0;
        for (String[] endpoint : PathSpellings.ENDPOINTS) {
            HttpMethod method = HttpMethod.valueOf(endpoint[0]);
            String canonical = endpoint[1];
            assertTrue(ApiPaths.refusal(canonical).isEmpty(), canonical + " itself is refused");
            EdgeRoutes.Kind kind = routes.kind(method, canonical);
            for (String spelling : PathSpellings.of(canonical)) {
                checked++;
                if (ApiPaths.refusal(spelling).isPresent()) {
                    continue;
                }
                passed.add(spelling);
                assertEquals(spelling, HttpUtils.normalizePath(spelling), "the router would see another path than the policies for " + spelling);
                assertEquals(kind, routes.kind(method, spelling), "a policy would treat " + spelling + " unlike " + canonical);
            }
        }
        assertTrue(checked > 200, "spellings checked: " + checked);
        assertEquals(List.of(), passed, "spellings that are not refused (each must be a path of its own)");
    }

    @Test
    void theCanonicalPathsAreOnTheirRoutes() {
        assertEquals(EdgeRoutes.Kind.UPLOAD, routes.kind(HttpMethod.POST, ApiPaths.TOOL_OUTPUTS));
        assertEquals(EdgeRoutes.Kind.STORING, routes.kind(HttpMethod.POST, ApiPaths.TOOL_CALLS));
        assertEquals(EdgeRoutes.Kind.STORING, routes.kind(HttpMethod.POST, ApiPaths.MCP));
        assertEquals(EdgeRoutes.Kind.OTHER, routes.kind(HttpMethod.GET, ApiPaths.TOOLS));
        assertEquals(EdgeRoutes.Kind.QUARKUS, routes.kind(HttpMethod.GET, "/q/health/live"));
    }

    @Test
    void pathsThatNeedNoRewritingPass() {
        for (String path : List.of("/", "/v1/tools", "/v1/blobs/" + PathSpellings.BLOB_ID + "/inspect", "/q/health/live", "/q/swagger-ui/",
                "/v1/blobs/a%20b", "/v1/blobs/%C3%A9", "/v1/blobs/..x", "/v1/blobs/x..")) {
            assertTrue(ApiPaths.refusal(path).isEmpty(), path);
        }
    }
}
