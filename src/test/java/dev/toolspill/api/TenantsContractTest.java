package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.http.Problem;
import io.quarkus.test.common.http.TestHTTPResource;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.TestDigests.sha256;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tenants own their blobs, through the real HTTP layer with API keys on: tenant B on tenant A's blob gets exactly what
 * an id that does not exist gets, on every read path; a tenant calls and sees only its allowed tools; every blob's
 * SHA-256 is recorded when it is written, checked by verify and by every whole GET. Each subclass runs it on one store
 * and reaches into that store directly (to damage a blob, or take its record away).
 */
abstract class TenantsContractTest {

    static final String KEY_A = "tenant-a-key-5b0c2e7d";
    static final String KEY_B = "tenant-b-key-91f3a4c6";
    static final ObjectMapper MAPPER = new ObjectMapper();
    /** Several 64 KiB chunks, so a damaged blob is found after some of it was sent. */
    /** About 60 KB: stored, and under the fuzz's caps, which TenantsS3Test's application has too. */
    static final String LINES = IntStream.range(0, 2000).mapToObj(i -> "line " + i + " of a tenant's output\n").collect(Collectors.joining());

    /** Keys of two tenants; team-b may call only echo (and inspect, always). */
    static Map<String, String> tenantsConfig(String root) {
        Map<String, String> config = new HashMap<>();
        config.put("toolspill.blob-store.fs.root", root);
        config.put("toolspill.auth.enabled", "true");
        config.put("toolspill.auth.keys.\"team-a\"", sha256(KEY_A));
        config.put("toolspill.auth.keys.\"team-b\"", sha256(KEY_B));
        config.put("toolspill.tenants.\"team-b\".tools", "echo");
        config.put("toolspill.output.repeat-reference-tools", "kubectl");
        return config;
    }

    @TestHTTPResource("/")
    URL root;

    /** Replaces the stored bytes of the blob by others of the same length, behind the service's back. */
    protected abstract void damage(String name) throws Exception;

    /** Stores a text blob with no record beside it, behind the service's back: as one written before records were kept. */
    protected abstract void putWithoutRecord(String id, String text) throws Exception;

    /** Removes the blob, its record and its read index from the store behind the service's back, as another replica's DELETE does. */
    protected abstract void removeAsAnotherReplica(String id) throws Exception;

    static RequestSpecification as(String key) {
        return given().header("Authorization", "Bearer " + key);
    }

    static String storeAs(String key, String body) {
        return as(key).contentType(ContentType.TEXT).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    /** Lines no other store of this run has: a blob of their own, which a test may damage or remove. */
    static String unique() {
        return LINES + "run " + java.util.UUID.randomUUID() + "\n";
    }

    static JsonNode callAs(String key, String name, String arguments) throws IOException {
        String body = as(key).contentType(ContentType.JSON).body("{\"calls\":[{\"id\":\"1\",\"name\":\"" + name + "\",\"arguments\":" + arguments + "}]}")
                .post("/v1/tool-calls").then().statusCode(200).extract().asString();
        return MAPPER.readTree(body).get("results").get(0);
    }

    static JsonNode mcpAs(String key, String method, String params) throws IOException {
        String body = as(key).contentType(ContentType.JSON).accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}")
                .post("/mcp").then().statusCode(200).extract().asString();
        return MAPPER.readTree(body);
    }

    /** Every way to read (or remove) a blob, each reduced to what the caller sees, with the id written as {@code <id>}. */
    static Map<String, String> readsAs(String key, String id) throws IOException {
        Map<String, String> seen = new java.util.LinkedHashMap<>();
        seen.put("GET", seen(as(key).get("/v1/blobs/" + id), id));
        seen.put("HEAD", String.valueOf(as(key).head("/v1/blobs/" + id).statusCode()));
        seen.put("ranged GET", seen(as(key).header("Range", "bytes=0-9").get("/v1/blobs/" + id), id));
        seen.put("inspect", seen(as(key).queryParam("selector", "lines:1-2").get("/v1/blobs/" + id + "/inspect"), id));
        seen.put("verify", seen(as(key).post("/v1/blobs/" + id + "/verify"), id));
        seen.put("inspect tool", callAs(key, "inspect", "{\"blob_id\":\"" + id + "\",\"selector\":\"lines:1-2\"}").toString().replace(id, "<id>"));
        seen.put("$blob argument", callAs(key, "echo", "{\"text\":{\"$blob\":\"" + id + "\"}}").path("status").asText()
                + " " + callAs(key, "echo", "{\"text\":{\"$blob\":\"" + id + "\"}}").path("output").asText().replace(id, "<id>").lines().findFirst().orElse(""));
        seen.put("MCP resources/read", mcpAs(key, "resources/read", "{\"uri\":\"toolspill://blobs/" + id + "\"}").path("error").toString().replace(id, "<id>"));
        seen.put("MCP lines", mcpAs(key, "resources/read", "{\"uri\":\"toolspill://blobs/" + id + "/lines/1-2\"}").path("error").toString().replace(id, "<id>"));
        return seen;
    }

    private static String seen(Response response, String id) {
        return response.statusCode() + " " + response.contentType() + " " + response.asString().replace(id, "<id>");
    }

    static io.restassured.response.Response postAs(String key, String body) {
        return as(key).contentType(ContentType.TEXT).body(body.getBytes(StandardCharsets.UTF_8)).when().post("/v1/tool-outputs?tool=x");
    }

    @Test
    void theSameOutputOfATenantIsOneBlobAndTheSameAnswerByteForByte() throws IOException {
        String body = unique();
        String first = postAs(KEY_A, body).then().statusCode(200).extract().asString();
        String second = postAs(KEY_A, body).then().statusCode(200).extract().asString();
        JsonNode one = MAPPER.readTree(first);
        JsonNode two = MAPPER.readTree(second);
        String id = one.path("blob").path("id").asText();
        assertEquals(id, two.path("blob").path("id").asText(), "the same id");
        assertTrue(one.path("output").asText().startsWith("[blob:" + id + "]"), one.path("output").asText());
        assertEquals(one.path("output").asText(), two.path("output").asText(), "the same summary, cut and marker");
        assertEquals(first, second, "the whole answer, byte for byte");
        assertEquals(body, as(KEY_A).get("/v1/blobs/" + id).then().statusCode(200).extract().asString());

        String other = postAs(KEY_B, body).then().statusCode(200).extract().path("blob.id");
        assertTrue(!other.equals(id), "another tenant's same bytes are a blob of its own");
        as(KEY_B).get("/v1/blobs/" + other).then().statusCode(200);
        as(KEY_B).get("/v1/blobs/" + id).then().statusCode(404);

        as(KEY_A).delete("/v1/blobs/" + id).then().statusCode(204);
        String next = postAs(KEY_A, body).then().statusCode(200).extract().path("blob.id");
        assertTrue(!next.equals(id), "deleted: the next store of the bytes makes a new blob");
        assertEquals(body, as(KEY_A).get("/v1/blobs/" + next).then().statusCode(200).extract().asString());
        assertEquals(next, postAs(KEY_A, body).then().statusCode(200).extract().path("blob.id"));
        as(KEY_A).delete("/v1/blobs/" + next).then().statusCode(204);
        as(KEY_B).delete("/v1/blobs/" + other).then().statusCode(204);
    }

    @Test
    void aToolSetToAnswerRepeatsWithAReferenceGetsOneLineForTheSameBytesAndOtherToolsTheFullSummary() throws IOException {
        String body = unique();
        JsonNode first = MAPPER.readTree(as(KEY_A).contentType(ContentType.TEXT).body(body).post("/v1/tool-outputs?tool=kubectl")
                .then().statusCode(200).extract().asString());
        String id = first.path("blob").path("id").asText();
        assertTrue(first.path("output").asText().startsWith("[blob:" + id + "] "), "the first time: the summary");
        assertTrue(first.path("output").asText().length() > 100, first.path("output").asText());
        JsonNode again = MAPPER.readTree(as(KEY_A).contentType(ContentType.TEXT).body(body).post("/v1/tool-outputs?tool=kubectl")
                .then().statusCode(200).extract().asString());
        assertEquals("[blob:" + id + "] identical to an output stored before; inspect the blob to read it", again.path("output").asText());
        assertEquals(id, again.path("blob").path("id").asText(), "the blob is named as before");
        assertEquals(first.path("blob"), again.path("blob"));
        String other = MAPPER.readTree(as(KEY_A).contentType(ContentType.TEXT).body(body).post("/v1/tool-outputs?tool=x")
                .then().statusCode(200).extract().asString()).path("output").asText();
        assertEquals(first.path("output").asText(), other, "a tool not set so: the same summary as the first time");
        String small = "a short output that stays inline";
        assertEquals(small, as(KEY_A).contentType(ContentType.TEXT).body(small).post("/v1/tool-outputs?tool=kubectl").then().extract().path("output"));
        assertEquals(small, as(KEY_A).contentType(ContentType.TEXT).body(small).post("/v1/tool-outputs?tool=kubectl").then().extract().path("output"),
                "inline outputs are not stored, so never a reference");
        as(KEY_A).delete("/v1/blobs/" + id).then().statusCode(204);
    }

    @Test
    void anotherTenantsBlobAnswersExactlyAsAnIdThatDoesNotExistOnEveryReadPath() throws IOException {
        String id = storeAs(KEY_A, unique());
        String unknown = storeAs(KEY_A, unique());
        as(KEY_A).delete("/v1/blobs/" + unknown).then().statusCode(204);

        Map<String, String> asB = readsAs(KEY_B, id);
        assertEquals(readsAs(KEY_B, unknown), asB, "tenant B learns nothing of tenant A's blob");
        assertTrue(asB.get("GET").startsWith("404 application/problem+json"), asB.get("GET"));
        assertEquals("404", asB.get("HEAD"));
        assertTrue(asB.get("inspect tool").contains("\"status\":\"error\""), asB.get("inspect tool"));
        assertTrue(asB.get("$blob argument").startsWith("error "), asB.get("$blob argument"));
        assertTrue(asB.get("MCP resources/read").contains("-32002"), asB.get("MCP resources/read"));
        as(KEY_B).delete("/v1/blobs/" + id).then().statusCode(404)
                .body(equalTo(as(KEY_B).delete("/v1/blobs/" + unknown).asString().replace(unknown, id)));

        Map<String, String> asA = readsAs(KEY_A, id);
        assertTrue(asA.get("GET").startsWith("200 text/plain"), "the owner still reads it: " + asA.get("GET").substring(0, 40));
        assertEquals("200", asA.get("HEAD"));
        assertTrue(asA.get("ranged GET").startsWith("206 "), asA.get("ranged GET").substring(0, 20));
        assertTrue(asA.get("inspect").startsWith("200 text/plain"));
        assertTrue(asA.get("inspect tool").contains("\"status\":\"ok\""), asA.get("inspect tool"));
        assertTrue(asA.get("$blob argument").startsWith("ok "), asA.get("$blob argument"));
        assertEquals("", asA.get("MCP resources/read"), "no error for the owner");
        as(KEY_A).delete("/v1/blobs/" + id).then().statusCode(204);
    }

    @Test
    void aToolOutsideTheTenantsListIsAnErrorItemAndIsNotListed() throws IOException {
        JsonNode refused = callAs(KEY_B, "get_weather", "{\"location\":\"Oslo\",\"unit\":null}");
        assertEquals("error", refused.path("status").asText());
        assertEquals("tool get_weather is not available to this tenant; available: echo, inspect", refused.path("output").asText());
        assertEquals("ok", callAs(KEY_B, "echo", "{\"text\":\"hi\"}").path("status").asText());
        assertEquals("ok", callAs(KEY_A, "get_weather", "{\"location\":\"Oslo\",\"unit\":null}").path("status").asText(), "team-a has no list: every tool");
        assertTrue(callAs(KEY_B, "no_such_tool", "{}").path("output").asText().endsWith("known tools: echo, inspect"),
                "an unknown tool's message names only the tenant's tools");

        assertEquals(List.of("echo", "inspect"), as(KEY_B).get("/v1/tools").then().statusCode(200).extract().jsonPath().getList("tools.name"));
        assertEquals(List.of("echo", "inspect"), as(KEY_B).get("/v1/tools?format=openai").then().statusCode(200).extract().jsonPath().getList("function.name"));
        assertEquals(List.of("echo", "inspect"), as(KEY_B).get("/v1/tools?format=anthropic").then().statusCode(200).extract().jsonPath().getList("name"));
        assertTrue(as(KEY_A).get("/v1/tools").then().extract().jsonPath().getList("tools.name").contains("get_weather"));

        List<String> mcpTools = new ArrayList<>();
        mcpAs(KEY_B, "tools/list", "{}").path("result").path("tools").forEach(tool -> mcpTools.add(tool.path("name").asText()));
        assertEquals(List.of("echo", "inspect"), mcpTools.stream().sorted().toList());
        JsonNode mcpRefused = mcpAs(KEY_B, "tools/call", "{\"name\":\"get_weather\",\"arguments\":{\"location\":\"Oslo\",\"unit\":null}}");
        assertEquals(-32602, mcpRefused.path("error").path("code").asInt(), "a tool MCP does not list is no tool: " + mcpRefused);
    }

    @Test
    void everyBlobsSha256IsRecordedAndVerifyChecksIt() {
        String id = storeAs(KEY_A, LINES);
        byte[] bytes = LINES.getBytes(StandardCharsets.UTF_8);
        as(KEY_A).post("/v1/blobs/" + id + "/verify").then().statusCode(200).contentType(ContentType.JSON)
                .body("id", equalTo(id))
                .body("sha256", equalTo(sha256(LINES)))
                .body("bytes", equalTo(bytes.length))
                .body("ok", equalTo(true));
        as(KEY_A).post("/v1/blobs/not-an-id/verify").then().statusCode(400).contentType(Problem.MEDIA_TYPE);
    }

    @Test
    void aDamagedBlobFailsVerifyAndItsWholeGetFailsRatherThanEndingCleanly() throws Exception {
        String body = unique();
        String id = storeAs(KEY_A, body);
        damage("blobs/" + id + ".txt");

        as(KEY_A).post("/v1/blobs/" + id + "/verify").then().statusCode(200)
                .body("ok", equalTo(false))
                .body("sha256", equalTo(sha256(body)));
        HttpRequest get = HttpRequest.newBuilder(URI.create(root + "v1/blobs/" + id)).header("Authorization", "Bearer " + KEY_A).build();
        boolean completeAnswer;
        try {
            HttpResponse<byte[]> response = HttpClient.newHttpClient().send(get, HttpResponse.BodyHandlers.ofByteArray());
            completeAnswer = response.statusCode() == 200 && response.body().length == body.length();
        } catch (IOException cut) {
            completeAnswer = false; // the connection was reset before the body ended
        }
        assertFalse(completeAnswer, "a damaged blob never reads as a complete 200");
    }

    @Test
    void aRangeOverTheWholeOfADamagedBlobFailsAsAWholeGetDoes() throws Exception {
        String body = unique();
        String id = storeAs(KEY_A, body);
        damage("blobs/" + id + ".txt");

        for (String range : List.of("bytes=0-", "bytes=-" + body.length(), "bytes=0-" + (body.length() + 100))) {
            HttpRequest get = HttpRequest.newBuilder(URI.create(root + "v1/blobs/" + id))
                    .header("Authorization", "Bearer " + KEY_A).header("Range", range).build();
            boolean completeAnswer;
            try {
                HttpResponse<byte[]> response = HttpClient.newHttpClient().send(get, HttpResponse.BodyHandlers.ofByteArray());
                completeAnswer = response.statusCode() < 300 && response.body().length == body.length();
            } catch (IOException cut) {
                completeAnswer = false; // the connection was reset before the body ended
            }
            assertFalse(completeAnswer, range + " over a damaged blob never reads as a complete answer");
        }
    }

    @Test
    void aBlobAnotherReplicaRemovedIsNotServedHereThoughThisReplicaWroteItAndKeepsItsRecordAndReadIndex() throws Exception {
        String id = storeAs(KEY_A, unique());
        as(KEY_A).get("/v1/blobs/" + id + "/inspect").then().statusCode(200);
        removeAsAnotherReplica(id);
        String unknown = dev.toolspill.blob.BlobId.random().toString();

        as(KEY_A).get("/v1/blobs/" + id + "/inspect").then().statusCode(404).contentType(Problem.MEDIA_TYPE)
                .body(equalTo(as(KEY_A).get("/v1/blobs/" + unknown + "/inspect").asString().replace(unknown, id)));
        assertEquals(callAs(KEY_A, "inspect", "{\"blob_id\":\"" + unknown + "\"}").toString().replace(unknown, id),
                callAs(KEY_A, "inspect", "{\"blob_id\":\"" + id + "\"}").toString(), "the inspect tool's head: as for an unknown id");
        as(KEY_A).queryParam("selector", "lines:1-2").get("/v1/blobs/" + id + "/inspect").then().statusCode(404);
        as(KEY_A).get("/v1/blobs/" + id).then().statusCode(404);
    }

    @Test
    void aBlobWithoutARecordIsNobodysAndNoTenantReadsIt() throws Exception {
        String id = dev.toolspill.blob.BlobId.random().toString();
        putWithoutRecord(id, LINES);
        for (String key : List.of(KEY_A, KEY_B)) {
            as(key).get("/v1/blobs/" + id).then().statusCode(404);
            as(key).queryParam("selector", "lines:1-1").get("/v1/blobs/" + id + "/inspect").then().statusCode(404);
        }
    }
}
