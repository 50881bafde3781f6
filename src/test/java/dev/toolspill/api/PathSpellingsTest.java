package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Over real HTTP, every other spelling of every endpoint reaches no handler: 400 problem+json (or the router's 404
 * or 405), never the handler's answer past its policies. On main, {@code POST /v1/tool-outputs/},
 * {@code /v1/tool-outputs;x=1} and {@code /v1/tool-outputs/../tool-calls} were served.
 */
@QuarkusTest
class PathSpellingsTest {

    @TestHTTPResource("/")
    URL root;

    @Test
    void noOtherSpellingReachesAHandler() throws Exception {
        List<String> served = new ArrayList<>();
        byte[] body = "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"x\"}}]}".getBytes(StandardCharsets.UTF_8);
        for (String[] endpoint : PathSpellings.ENDPOINTS) {
            for (String spelling : PathSpellings.of(endpoint[1])) {
                boolean hasBody = endpoint[0].equals("POST");
                RawHttp answer = RawHttp.send(root, endpoint[0], spelling + (spelling.startsWith(ApiPaths.TOOL_OUTPUTS) ? "?tool=t" : ""),
                        hasBody ? Map.of("Content-Type", "application/json", "Accept", "application/json, text/event-stream") : Map.of(), hasBody ? body : null);
                if (!Set.of(400, 404, 405).contains(answer.status())) {
                    served.add(endpoint[0] + " " + spelling + " -> " + answer.status());
                } else if (spelling.startsWith("/")) { // the HTTP server answers a target that is no path before any route
                    assertTrue(answer.headers().getOrDefault("content-type", "").startsWith(Problem.MEDIA_TYPE) || answer.status() == 405,
                            endpoint[0] + " " + spelling + " -> " + answer.status() + " " + answer.headers());
                }
            }
        }
        assertEquals(List.of(), served, "spellings served as if canonical");
    }

    @Test
    void everyAnswerToASpellingOfTheConsoleIsHardenedAsTheConsoleIs() throws Exception {
        List<String> bare = new ArrayList<>();
        for (String page : List.of(ConsoleRoutes.HOME, ConsoleRoutes.CALL, ConsoleRoutes.SCRIPT, "/console/api/calls")) {
            // those PathSpellings makes for /v1/... ("/%76onsole": /vonsole; "/v1/tool-outputs/../console": /v1/console) are no console's
            for (String spelling : PathSpellings.of(page).stream().filter(s -> !s.startsWith("/%76") && !s.startsWith(ApiPaths.TOOL_OUTPUTS)).toList()) {
                RawHttp answer = RawHttp.send(root, "GET", spelling, Map.of(), null);
                if (spelling.startsWith("/") && !(ConsoleRoutes.POLICY.equals(answer.headers().get("content-security-policy"))
                        && "no-store".equals(answer.headers().get("cache-control")))) {
                    bare.add(spelling + " -> " + answer.status() + " " + answer.headers());
                }
            }
        }
        for (String spelling : List.of("/console/%2e%2e/", "/console/%2E%2E", "/console/.%2e/api/me", "/console/..%2fv1/tools")) {
            RawHttp answer = RawHttp.send(root, "GET", spelling, Map.of(), null); // the attack's: where '..' leads out of /console
            if (!ConsoleRoutes.POLICY.equals(answer.headers().get("content-security-policy"))) {
                bare.add(spelling + " -> " + answer.status() + " " + answer.headers());
            }
        }
        assertEquals(List.of(), bare, "answers without the console's CSP and no-store");
        assertTrue(ConsoleRoutes.underConsole("//console") && ConsoleRoutes.underConsole("/%252e/console/x")
                && !ConsoleRoutes.underConsole("/v1/tools") && ConsoleRoutes.underConsole("/console/../v1/tools")
                && ConsoleRoutes.underConsole("/console/%2e%2e/") && ConsoleRoutes.underConsole("/console/.%2e/api/me"));
    }

    @Test
    void theIssuesDotSegmentIsRefusedBeforeTheBodyIsRead() throws Exception {
        RawHttp answer = RawHttp.send(root, "POST", "/v1/tool-outputs/../tool-calls", Map.of("Content-Type", "application/json"),
                "{\"calls\":[]}".getBytes(StandardCharsets.UTF_8));
        assertEquals(400, answer.status());
        assertTrue(answer.body().contains("dot segments"), answer.body());
    }
}
