package dev.toolspill.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Answers the HTTP layer makes before any resource runs, read off a raw socket so that nothing between hides them:
 * every routed answer carries {@code X-Content-Type-Options: nosniff}, and the router's own errors are problem+json.
 */
@QuarkusTest
class HttpHygieneTest {

    @TestHTTPResource("/")
    URL root;

    String raw(String request) throws IOException {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    out.write(buf, 0, n);
                    if (out.size() > 100_000) break;
                }
            } catch (java.net.SocketTimeoutException | java.net.SocketException e) {
                // what came is the answer
            }
            return out.toString(StandardCharsets.ISO_8859_1);
        }
    }

    static String head(String answer) {
        return answer.substring(0, answer.indexOf("\r\n\r\n")).toLowerCase(java.util.Locale.ROOT);
    }

    static String body(String answer) {
        return answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void everyRoutedAnswerSaysNosniffHealthAndErrorsIncluded() throws IOException {
        for (String path : new String[] {"/v1/tools", "/q/health", "/q/health/ready", "/v1/nothing-here", "/v1/blobs/not-an-id/content", "/mcp"}) {
            String answer = raw("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertTrue(head(answer).contains("x-content-type-options: nosniff"), path + " answered\n" + answer);
        }
    }

    @Test
    void anUnknownPathAndAWrongMethodAreProblems() throws IOException {
        String missing = raw("GET /v1/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(missing.startsWith("HTTP/1.1 404"), missing);
        assertTrue(head(missing).contains("content-type: application/problem+json"), missing);
        String method = raw("PATCH /v1/tools HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(method.startsWith("HTTP/1.1 405"), method);
        assertTrue(body(method).contains("\"status\":405"), method);
    }

    /** A 405 names, in its Allow header and its detail, the methods the path does take (RFC 9110 asks for the header). */
    @Test
    void aWrongMethodIsToldTheMethodsThePathTakes() throws IOException {
        Map<String, String> allowed = Map.of(
                "PATCH /v1/tools", "GET, HEAD, OPTIONS",
                "GET /v1/tool-calls", "OPTIONS, POST",
                "PUT /v1/blobs/0b8a3e52-5f7e-4a2e-9d0c-1c2b3a4d5e6f", "DELETE, GET, HEAD, OPTIONS",
                "DELETE /v1/blobs/0b8a3e52-5f7e-4a2e-9d0c-1c2b3a4d5e6f/inspect", "GET, HEAD, OPTIONS",
                "POST /console/api/me", "GET, HEAD, OPTIONS",
                // a sub-path of the blob resource only by its template: Quarkus REST would answer 404
                "GET /v1/blobs/0b8a3e52-5f7e-4a2e-9d0c-1c2b3a4d5e6f/verify", "OPTIONS, POST",
                "DELETE /v1/blobs/0b8a3e52-5f7e-4a2e-9d0c-1c2b3a4d5e6f/verify", "OPTIONS, POST",
                "PUT /v1/blobs/0b8a3e52-5f7e-4a2e-9d0c-1c2b3a4d5e6f/verify", "OPTIONS, POST");
        for (Map.Entry<String, String> each : allowed.entrySet()) {
            String request = each.getKey();
            String methods = each.getValue();
            String answer = raw(request + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            assertTrue(answer.startsWith("HTTP/1.1 405"), request + " answered\n" + answer);
            assertTrue(head(answer).contains("allow: " + methods.toLowerCase(java.util.Locale.ROOT)), request + " answered\n" + answer);
            assertTrue(body(answer).contains("it takes " + methods), request + " answered\n" + answer);
        }
    }

    /**
     * OPTIONS names the methods a 405 on the same path names (RFC 9110, 9.3.7), and every one of them is taken: none
     * answers 405. {@code /mcp} too, which takes no GET (no server-to-client stream here).
     */
    @Test
    void optionsNamesTheMethodsA405NamesAndEachIsTaken() throws IOException {
        String id = "0b8a3e52-5f7e-4a2e-9d0c-1c2b3a4d5e6f";
        for (String path : new String[] {"/v1/tools", "/v1/tool-calls", "/v1/tool-outputs", "/v1/blobs/" + id, "/v1/blobs/" + id + "/inspect",
                "/v1/blobs/" + id + "/verify", "/v1/noop", "/console/api/me", "/console/api/calls/1", "/mcp"}) {
            String refused = raw("PATCH " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            assertTrue(refused.startsWith("HTTP/1.1 405"), path + " answered\n" + refused);
            String options = raw("OPTIONS " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            assertTrue(options.matches("(?s)HTTP/1\\.1 20[04] .*"), path + " answered\n" + options);
            assertEquals(allow(refused), allow(options), path + ": OPTIONS answered\n" + options + "\nand PATCH\n" + refused);
            for (String method : allow(options).split(", ")) {
                String answer = raw(method + " " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                assertFalse(answer.startsWith("HTTP/1.1 405"), method + " " + path + " is in Allow but answered\n" + answer);
            }
        }
    }

    private static String allow(String answer) {
        return head(answer).lines().filter(line -> line.startsWith("allow: ")).map(line -> line.substring(7).toUpperCase(java.util.Locale.ROOT))
                .findFirst().orElse("(no allow header)");
    }

    /**
     * Refused by Quarkus REST before the body is read (a method the path does not take, a media type it does not
     * take), the answer says the connection ends: a client that sent {@code Expect: 100-continue} and holds its body
     * back would otherwise have its next request read as that body. The detail says what would work.
     */
    @Test
    void aRefusalBeforeTheBodyIsReadEndsTheConnectionAndSaysWhatWorks() throws IOException {
        String method = raw("POST /v1/tools HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n"
                + "Expect: 100-continue\r\n\r\n");
        assertTrue(method.startsWith("HTTP/1.1 405") && head(method).contains("connection: close"), method);
        assertTrue(body(method).contains("POST is not a method of /v1/tools"), method);
        String type = raw("POST /v1/tool-calls HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n"
                + "Expect: 100-continue\r\n\r\n");
        assertTrue(type.startsWith("HTTP/1.1 415") && head(type).contains("connection: close"), type);
        assertTrue(body(type).contains("send application/json") && !body(type).contains("@Consumes"), type);
    }

    /** One way to frame a body: chunked alone, or a Content-Length; anything a proxy could read otherwise is refused. */
    @Test
    void aBodyFramedTwoWaysOrWithAnotherCodingIsRefused() throws IOException {
        String both = raw("POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
                + "Transfer-Encoding: identity\r\n\r\nhello");
        assertTrue(both.startsWith("HTTP/1.1 400") && body(both).contains("both Content-Length and Transfer-Encoding"), both);
        String gzip = raw("POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                + "Transfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        assertTrue(gzip.startsWith("HTTP/1.1 501") && head(gzip).contains("connection: close"), gzip);
        String chunked = raw("POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        assertTrue(chunked.startsWith("HTTP/1.1 200"), chunked);
    }

    /**
     * Bytes the server did not read as a body (an unknown coding frames none) are not a next request: behind an answer
     * that closed the connection, nothing more is answered, so no request is smuggled past the one that was refused.
     */
    @Test
    void nothingIsAnsweredBehindAnAnswerThatClosedTheConnection() throws IOException {
        for (String method : new String[] {"GET /v1/tools", "POST /v1/tool-outputs?tool=t"}) {
            String answer = raw(method + " HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: xchunked\r\n\r\n"
                    + "GET /v1/tools?format=anthropic HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(answer.startsWith("HTTP/1.1 501") && head(answer).contains("connection: close"), answer);
            assertEquals(1, answer.split("HTTP/1\\.[01] \\d{3}", -1).length - 1, "one answer only: " + answer);
        }
    }

    @Test
    void aBodyOverQuarkusOwnCapIsAProblemNotAnEmpty413() throws IOException {
        String answer = raw("POST /v1/tool-outputs HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                + "Content-Length: 99999999999999\r\nConnection: close\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
        assertTrue(head(answer).contains("content-type: application/problem+json"), answer);
        assertTrue(body(answer).contains("quarkus.http.limits.max-body-size"), answer);
    }

    @Test
    void whatTheHttpServerRefusesBeforeAnyRouteIsEmptyAndNamesNothing() throws IOException {
        // documented (guide, Hostile input): Quarkus answers these before any route, with no body at all
        for (String request : new String[] {
                "GET /v1/blobs/%zz/content HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "GET /v1/" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                "POST /v1/tool-calls HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n"}) {
            String answer = raw(request);
            assertTrue(answer.matches("(?s)HTTP/1\\.[01] 4\\d\\d .*"), answer);
            assertEquals("", body(answer), answer);
        }
    }

    @Test
    void readinessDoesNotSayWhereTheStoreLives() throws IOException {
        String answer = raw("GET /q/health/ready HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
        assertFalse(body(answer).contains("test-data"), answer);
        // the one path it may name is the health check of the store's wellness, which says nothing of where it is
        assertFalse(body(answer).replace("\"/q/health/well\"", "").contains("/"), answer);
    }
}
