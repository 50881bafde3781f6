package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.tool.remote.RemoteToolServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@QuarkusTestResource(RemoteToolServer.class)
class ToolCallsResourceTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    static Response batch(String json) {
        return given().contentType(ContentType.JSON).body(json).when().post("/v1/tool-calls");
    }

    @Test
    void aBatchOfARemoteToolAFailingToolAndInspect() throws Exception {
        String earlier = given().contentType(ContentType.TEXT).body("line\n".repeat(500))
                .when().post("/v1/tool-outputs?tool=read_file").then().extract().path("blob.id");

        Response response = batch("""
                {"calls":[
                  {"id":"call-1","name":"search","arguments":{"q":"quarkus"}},
                  {"id":"call-2","name":"failing","arguments":{}},
                  {"id":"call-3","name":"inspect","arguments":{"blob_id":"%s","selector":"lines:2-3"}}
                ]}""".formatted(earlier));
        response.then().statusCode(200).contentType(ContentType.JSON);
        JsonNode results = MAPPER.readTree(response.asString()).get("results");
        assertEquals(3, results.size());

        JsonNode search = results.get(0);
        String body = RemoteToolServer.searchBody("quarkus");
        assertTrue(body.length() > 50_000);
        String searchBlob = search.get("blob").get("id").asText();
        assertEquals("call-1", search.get("call_id").asText());
        assertEquals("search", search.get("tool").asText());
        assertEquals("ok", search.get("status").asText());
        assertEquals("json_array", search.get("blob").get("kind").asText());
        assertEquals(body.getBytes(StandardCharsets.UTF_8).length, search.get("blob").get("bytes").asLong());
        assertEquals(RemoteToolServer.SEARCH_HITS, search.get("blob").get("entries").asInt());
        assertTrue(search.get("truncated").isNull());
        String summary = search.get("output").asText();
        assertTrue(summary.startsWith("[blob:" + searchBlob + "] json_array | 400 entries\n── schema ──\nrank: number, title: string, snippet: string\n── head ──\n{\"rank\":0,\"title\":\"quarkus result 0\""), summary);
        assertTrue(summary.endsWith("\n… +398 more entries"), summary);
        assertTrue(summary.getBytes(StandardCharsets.UTF_8).length <= 400);
        assertEquals(body, Files.readString(Path.of("target/test-data/blobs/" + searchBlob + ".json")));

        assertEquals(MAPPER.readTree("""
                {"call_id":"call-2","tool":"failing","status":"error",
                 "output":"the disk is on fire; try the tool 'echo' instead","blob":null,"truncated":null}"""), results.get(1));

        assertEquals(MAPPER.readTree("""
                {"call_id":"call-3","tool":"inspect","status":"ok","output":"line\\nline\\n","blob":null,"truncated":null,
                 "disposition":"inline"}"""),
                results.get(2));
    }

    @Test
    void inspectReadsABlobMadeByAnEarlierCall() throws Exception {
        Response first = batch("{\"calls\":[{\"id\":\"a\",\"name\":\"search\",\"arguments\":{\"q\":\"mutiny\"}}]}");
        String blob = first.path("results[0].blob.id");
        batch("{\"calls\":[{\"id\":\"b\",\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + blob + "\",\"selector\":\"slice:5..6\"}}]}")
                .then().statusCode(200)
                .body("results[0].status", equalTo("ok"))
                .body("results[0].output", startsWith("[{\"rank\":5,\"title\":\"mutiny result 5\""));
    }

    @Test
    void remoteFailuresBecomeErrorItemsTheModelCanActOn() {
        batch("""
                {"calls":[
                  {"id":"1","name":"broken","arguments":{}},
                  {"id":"2","name":"refused","arguments":{}},
                  {"id":"3","name":"slow_remote","arguments":{}},
                  {"id":"4","name":"nowhere","arguments":{}}
                ]}""").then().statusCode(200)
                .body("results.status", equalTo(java.util.List.of("error", "error", "error", "error")))
                .body("results[0].output", equalTo("tool broken failed: its server answered HTTP 503 Service Unavailable: upstream index is rebuilding"))
                .body("results[1].output", not(containsString("127.0.0.1")))
                .body("results[1].output", containsString("refused the connection; try again later or use another tool"))
                .body("results[2].output", equalTo("tool slow_remote did not finish within 300ms and was abandoned; retry with a smaller request"))
                .body("results[3].output", containsString("could not be resolved (DNS)"))
                .body("results[3].output", not(containsString("no-such-host.invalid")));
    }

    @Test
    void unknownToolListsTheKnownOnes() {
        batch("{\"calls\":[{\"id\":\"1\",\"name\":\"serch\",\"arguments\":{}}]}").then().statusCode(200)
                .body("results[0].status", equalTo("error"))
                .body("results[0].output", startsWith("unknown tool 'serch'; known tools: "))
                .body("results[0].output", containsString("echo, failing"))
                .body("results[0].output", containsString("inspect"))
                .body("results[0].output", containsString("search"));
    }

    @Test
    void argumentsMustBeAnObjectThatFitsTheSchema() {
        batch("""
                {"calls":[
                  {"id":"1","name":"echo","arguments":[1,2]},
                  {"id":"2","name":"echo","arguments":{"text":5}},
                  {"id":"3","name":"echo","arguments":{"text":"hi","times":2}},
                  {"id":"4","name":"echo"}
                ]}""").then().statusCode(200)
                .body("results[0].status", equalTo("error"))
                .body("results[0].output", startsWith("arguments of echo must be a JSON object, got array"))
                .body("results[1].status", equalTo("error"))
                .body("results[1].output", containsString("do not match its schema"))
                .body("results[1].output", containsString("text"))
                .body("results[2].status", equalTo("ok"))
                .body("results[2].output", equalTo("hihi"))
                .body("results[3].status", equalTo("error"))
                .body("results[3].output", containsString("got nothing"));
    }

    @Test
    void crashesAndTimeoutsAreErrorItemsToo() {
        batch("""
                {"calls":[
                  {"id":"1","name":"crashing","arguments":{}},
                  {"id":"2","name":"hanging","arguments":{}},
                  {"id":"3","name":"echo","arguments":{"text":"still fine"}}
                ]}""").then().statusCode(200)
                .body("results[0].output", org.hamcrest.Matchers.matchesPattern("tool crashing failed unexpectedly \\(failure [0-9a-f-]{36} in the service log\\)"))
                .body("results[1].output", equalTo("tool hanging did not finish within 300ms and was abandoned; retry with a smaller request"))
                .body("results[2].output", equalTo("still fine"));
    }

    @Test
    void blockingToolsRunOnWorkers() {
        batch("{\"calls\":[{\"id\":\"1\",\"name\":\"sleepy\",\"arguments\":{\"millis\":10}}]}").then()
                .body("results[0].output", equalTo("slept on worker"));
    }

    @Test
    void aToolCanForceStructuredContent() {
        batch("{\"calls\":[{\"id\":\"1\",\"name\":\"structured\",\"arguments\":{}}]}").then()
                .body("results[0].blob.kind", equalTo("json_object"))
                .body("results[0].output", containsString("k: array[3]"));
    }

    @Test
    void badBatchesAreRejectedWholeWithProblemDetails() {
        batch("{\"calls\":[]}").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("no calls"));
        batch("{}").then().statusCode(400).contentType("application/problem+json");
        batch("{\"calls\":[{\"id\":\"x\",\"name\":\"echo\",\"arguments\":{\"text\":\"a\"}},{\"id\":\"x\",\"name\":\"echo\",\"arguments\":{\"text\":\"b\"}}]}")
                .then().statusCode(400).body("detail", containsString("call id 'x' is used twice"));
        batch("{\"calls\":[{\"id\":").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("a batch looks like"));
        batch("{\"calls\":\"x\"}").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("calls"));
        batch("[]").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("a batch looks like"));
    }

    @Test
    void toolDefinitionsInThreeShapes() {
        given().when().get("/v1/tools").then().statusCode(200)
                .body("tools.name", hasItems("echo", "inspect", "search"))
                .body("tools.find { it.name == 'search' }.description", equalTo("Search the test index."))
                .body("tools.find { it.name == 'search' }.parameters.required", equalTo(java.util.List.of("q")))
                .body("tools.find { it.name == 'inspect' }.parameters.required", equalTo(java.util.List.of("blob_id")));
        given().queryParam("format", "openai").when().get("/v1/tools").then().statusCode(200)
                .body("find { it.function.name == 'search' }.type", equalTo("function"))
                .body("find { it.function.name == 'search' }.function.parameters.properties.q.type", equalTo("string"));
        given().queryParam("format", "anthropic").when().get("/v1/tools").then().statusCode(200)
                .body("find { it.name == 'search' }.input_schema.properties.q.type", equalTo("string"))
                .body("find { it.name == 'search' }.parameters", nullValue());
        given().queryParam("format", "gemini").when().get("/v1/tools").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString("use openai, openai-responses, anthropic"));
    }

    @Test
    void largeToolOutputsGetAReadIndexBesideTheBlob() {
        Response response = batch("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"a line of text\\n\",\"times\":100000}}]}");
        String id = response.path("results[0].blob.id");
        assertTrue(Files.exists(Path.of("target/test-data/blobs/" + id + ".txt")));
        assertTrue(Files.exists(Path.of("target/test-data/index/" + id + ".idx")), "the index sits beside the blob");
        given().queryParam("selector", "lines:99999-100000").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(200).body(equalTo("a line of text\na line of text\n"));
    }

    @Test
    void aCutInspectResultReportsItsTruncation() {
        String text = "a fairly long line of log output number\n".repeat(2000);
        String id = given().contentType(ContentType.TEXT).body(text)
                .when().post("/v1/tool-outputs?tool=read_file").then().extract().path("blob.id");
        Response response = batch("{\"calls\":[{\"id\":\"1\",\"name\":\"inspect\",\"arguments\":{\"blob_id\":\"" + id + "\",\"selector\":\"lines:1-2000\"}}]}");
        String output = response.path("results[0].output");
        int dropped = response.path("results[0].truncated.dropped_bytes");
        assertTrue(output.contains("\n[truncated: " + dropped + " bytes dropped, refine your query] next part: lines:"), output);
        assertTrue(dropped > 0);
        assertEquals(text.length(), output.substring(0, output.indexOf("\n[truncated: ")).length() + dropped,
                "shown + dropped is the whole selection");
    }

    @Test
    void aRemoteAnswerOverTheByteBudgetIsDroppedAndAnAbandonedOneStopsDownloading() throws Exception {
        String base = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getValue("toolspill.tools.remote.\"search\".url", String.class).replace("/search", "");
        int endedBefore = ended(base);
        String batch = "{\"calls\":[{\"id\":\"1\",\"name\":\"overflowing\",\"arguments\":{}},{\"id\":\"2\",\"name\":\"trickle\",\"arguments\":{}}]}";
        given().contentType(ContentType.JSON).body(batch).when().post("/v1/tool-calls").then().statusCode(200)
                .body("results[0].status", equalTo("error"))
                .body("results[0].output", containsString("toolspill.tools.max-response-bytes"))
                .body("results[1].status", equalTo("error"))
                .body("results[1].output", containsString("did not"));
        // both servers notice the request was reset: nothing keeps downloading for calls nobody waits for
        // the remote server notices the reset at its next write
        Awaitility.await("the abandoned downloads stop").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> ended(base) >= endedBefore + 2);
    }

    @Test
    void aRemoteAnswerTooLongToHoldIsStoredWholeAsItArrives() {
        String expected = java.util.stream.IntStream.rangeClosed(1, dev.toolspill.tool.remote.RemoteToolServer.LINES)
                .mapToObj(dev.toolspill.tool.remote.RemoteToolServer::line).collect(java.util.stream.Collectors.joining());
        Response response = batch("{\"calls\":[{\"id\":\"1\",\"name\":\"big_log\",\"arguments\":{}}]}");
        assertEquals("ok", response.path("results[0].status"), response.asString());
        String id = response.path("results[0].blob.id");
        assertEquals(expected.length(), ((Number) response.path("results[0].blob.bytes")).longValue());
        assertTrue(response.<String>path("results[0].output").startsWith("[blob:" + id + "]"), response.asString());
        byte[] stored = given().when().get("/v1/blobs/" + id).then().statusCode(200).extract().asByteArray();
        assertTrue(java.util.Arrays.equals(expected.getBytes(StandardCharsets.US_ASCII), stored), "the stored blob is the answer, byte for byte");
        given().queryParam("selector", "lines:100000-100001").when().get("/v1/blobs/" + id + "/inspect").then()
                .statusCode(200).body(equalTo(dev.toolspill.tool.remote.RemoteToolServer.line(100000)
                        + dev.toolspill.tool.remote.RemoteToolServer.line(100001)));
    }

    @Test
    void aBodyOfTheWrongShapeIsDescribedInJsonTermsNeverJavaTypes() {
        for (String body : new String[] {"[]", "{\"calls\":[1]}", "{\"calls\":[{\"id\":{\"a\":1},\"name\":\"x\"}]}",
                "{\"calls\":[],\"calls\":[]}", "{\"calls\":[{\"id\":\"1\",\"name\":\"x\",\"arguments\":{},\"arguments\":1}]}"}) {
            String detail = given().contentType(ContentType.JSON).body(body).when().post("/v1/tool-calls").then().statusCode(400)
                    .contentType("application/problem+json").extract().path("detail");
            assertTrue(!detail.contains("dev.toolspill") && !detail.contains("java.") && !detail.contains("`"), detail);
            assertTrue(detail.contains("a batch looks like"), detail);
        }
        given().contentType(ContentType.JSON).body("{\"calls\":[{\"id\":{\"a\":1},\"name\":\"x\"}]}").when().post("/v1/tool-calls")
                .then().body("detail", containsString("$.calls[0].id"));
    }

    @Test
    void aBodyCutShortSaysItEndsEarlyNotThatATypeIsWrong() {
        for (String body : new String[] {"{\"calls\":[", "{\"calls\":[{\"id\":\"1\",\"name\":\"x\",\"arguments\":{\"q\":\"ab"}) {
            given().contentType(ContentType.JSON).body(body).when().post("/v1/tool-calls").then().statusCode(400)
                    .contentType("application/problem+json")
                    .body("detail", containsString("the body is not valid JSON: it ends early"));
        }
    }

    private static int ended(String base) throws Exception {
        try (var in = new java.net.URL(base + "/ended").openStream()) {
            return Integer.parseInt(new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip());
        }
    }
}
