package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /v1/tool-calls?format=...} takes a body exactly as a provider's API returned it (copied from their
 * documented shapes, in {@code src/test/resources/provider-shapes}) and answers exactly what the client appends to
 * its conversation, with Toolspill's facts in the {@code Toolspill-Results} header. The answers are also written to
 * {@code target/provider-shapes/} for {@code src/it/clients/typecheck.sh}, which checks them against the providers' SDK types.
 */
@QuarkusTest
class ProviderFormatsTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final Path WRITTEN = Path.of("target/provider-shapes");
    static final String LOG_LINE = "2026-11-29T10:00:00Z INFO request served in 12 ms\n";
    static final String LOG_HEAD = "text | 200 lines\n── head ──\n2026-11-29T10:00:00Z INFO request";

    static String fixture(String name) throws IOException {
        try (InputStream in = ProviderFormatsTest.class.getResourceAsStream("/provider-shapes/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Response post(String format, String body) {
        return given().contentType(ContentType.JSON).queryParam("format", format).body(body).when().post("/v1/tool-calls");
    }

    static JsonNode answer(Response response, String writeAs) throws IOException {
        response.then().statusCode(200).contentType(ContentType.JSON);
        if (writeAs != null) {
            Files.createDirectories(WRITTEN);
            Files.writeString(WRITTEN.resolve(writeAs), response.asString());
        }
        return MAPPER.readTree(response.asString());
    }

    static JsonNode facts(Response response) throws IOException {
        String header = response.header("Toolspill-Results");
        assertTrue(header != null && header.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "an ASCII header: " + header);
        return MAPPER.readTree(header);
    }

    static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static JsonNode json(String text) throws IOException {
        return MAPPER.readTree(text);
    }

    @Test
    void openAiAssistantMessageGetsOneToolMessagePerCallInOrder() throws Exception {
        JsonNode completion = json(fixture("openai.chat-completion.json"));
        Response response = post("openai", completion.at("/choices/0/message").toString());
        JsonNode answer = answer(response, "openai.answer.json");
        JsonNode facts = facts(response);

        assertEquals(2, answer.size());
        JsonNode log = answer.get(0);
        assertEquals(List.of("role", "tool_call_id", "content"), fields(log));
        assertEquals("tool", log.get("role").asText());
        assertEquals("call_Dn2RJJSxzDm49vlVTehseJ0k", log.get("tool_call_id").asText());
        String blob = facts.at("/0/blob/id").asText();
        String summary = log.get("content").asText();
        assertTrue(summary.startsWith("[blob:" + blob + "] " + LOG_HEAD), summary);
        assertTrue(summary.getBytes(StandardCharsets.UTF_8).length <= 400);
        assertEquals(json("""
                {"role":"tool","tool_call_id":"call_9pw1qnYScqvGrCH58HWCvFH6",
                 "content":"{\\"location\\":\\"Paris, France\\",\\"temperature\\":14,\\"unit\\":\\"celsius\\",\\"conditions\\":\\"light rain\\"}"}"""),
                answer.get(1));

        assertEquals(List.of("call_id", "tool", "status", "blob", "truncated"), fields(facts.get(0)));
        assertEquals("call_Dn2RJJSxzDm49vlVTehseJ0k", facts.at("/0/call_id").asText());
        assertEquals("echo", facts.at("/0/tool").asText());
        assertEquals("ok", facts.at("/0/status").asText());
        assertEquals("text", facts.at("/0/blob/kind").asText());
        assertEquals(LOG_LINE.length() * 200, facts.at("/0/blob/bytes").asInt());
        assertEquals(200, facts.at("/0/blob/lines").asInt());
        assertTrue(facts.at("/0/truncated").isNull());
        assertEquals(json("""
                {"call_id":"call_9pw1qnYScqvGrCH58HWCvFH6","tool":"get_weather","status":"ok","blob":null,"truncated":null}"""), facts.get(1));
        given().when().get("/v1/blobs/" + blob).then().statusCode(200).body(equalTo(LOG_LINE.repeat(200)));
    }

    @Test
    void openAiTakesTheWholeCompletionOrTheBareToolCallsToo() throws Exception {
        JsonNode completion = json(fixture("openai.chat-completion.json"));
        for (String body : List.of(completion.toString(), completion.at("/choices/0/message/tool_calls").toString())) {
            Response response = post("openai", body);
            JsonNode answer = answer(response, null);
            assertEquals(2, answer.size(), body);
            assertTrue(answer.at("/0/content").asText().startsWith("[blob:" + facts(response).at("/0/blob/id").asText() + "] " + LOG_HEAD));
            assertEquals("call_9pw1qnYScqvGrCH58HWCvFH6", answer.at("/1/tool_call_id").asText());
            assertTrue(answer.at("/1/content").asText().contains("\"temperature\":14"));
        }
    }

    @Test
    void openAiArgumentsThatDoNotParseAndUnknownToolsAreErrorMessagesNotAFailedBatch() throws Exception {
        Response response = post("openai", """
                {"role":"assistant","content":null,"tool_calls":[
                  {"id":"call_1","type":"function","function":{"name":"echo","arguments":"{\\"text\\": \\"hi\\""}},
                  {"id":"call_2","type":"function","function":{"name":"get_wether","arguments":"{}"}},
                  {"id":"call_3","type":"function","function":{"name":"echo","arguments":"{\\"text\\":\\"still fine\\"}"}},
                  {"id":"call_4","type":"function","function":{"name":"echo","arguments":"{\\"text\\":\\"a\\"}{\\"text\\":\\"b\\"}"}}]}""");
        JsonNode answer = answer(response, null);
        assertEquals(List.of("call_1", "call_2", "call_3", "call_4"), answer.findValuesAsText("tool_call_id"));
        assertEquals("the arguments of echo are not valid JSON (Unexpected end-of-input: expected close marker for Object at column 14): "
                + "call it again with its arguments as one JSON object; its schema: "
                + "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},\"times\":{\"type\":\"integer\",\"minimum\":1}},"
                + "\"required\":[\"text\"],\"additionalProperties\":false}", answer.at("/0/content").asText());
        assertTrue(answer.at("/1/content").asText().startsWith("unknown tool 'get_wether'; known tools: "), answer.at("/1/content").asText());
        assertTrue(answer.at("/1/content").asText().contains("get_weather"));
        assertEquals("still fine", answer.at("/2/content").asText());
        assertTrue(answer.at("/3/content").asText().startsWith("the arguments of echo are not valid JSON (Trailing token"),
                answer.at("/3/content").asText());
        assertEquals(List.of("error", "error", "ok", "error"), facts(response).findValuesAsText("status"));
    }

    @Test
    void openAiEmptyArgumentsAreNoArguments() throws Exception {
        JsonNode answer = answer(post("openai", """
                [{"id":"call_1","type":"function","function":{"name":"failing","arguments":""}}]"""), null);
        assertEquals("the disk is on fire; try the tool 'echo' instead", answer.at("/0/content").asText());
    }

    @Test
    void responsesApiRunsOnlyTheFunctionCallItems() throws Exception {
        Response response = post("openai-responses", fixture("openai-responses.response.json"));
        JsonNode answer = answer(response, "openai-responses.answer.json");
        JsonNode facts = facts(response);

        assertEquals(2, answer.size(), "the reasoning and message items are not calls");
        assertEquals(json("""
                {"type":"function_call_output","call_id":"call_unLAR8MvFNptuiZK6K6HCy5k",
                 "output":"{\\"location\\":\\"Bogotá, Colombia\\",\\"temperature\\":14,\\"unit\\":\\"celsius\\",\\"conditions\\":\\"light rain\\"}"}"""),
                answer.get(0));
        assertEquals(List.of("type", "call_id", "output"), fields(answer.get(1)));
        assertEquals("function_call_output", answer.at("/1/type").asText());
        assertEquals("call_8DnZ4dDiRVxW3ht6ANJ9Qm4b", answer.at("/1/call_id").asText());
        assertTrue(answer.at("/1/output").asText().startsWith("[blob:" + facts.at("/1/blob/id").asText() + "] " + LOG_HEAD));
        assertEquals(List.of("call_unLAR8MvFNptuiZK6K6HCy5k", "call_8DnZ4dDiRVxW3ht6ANJ9Qm4b"), facts.findValuesAsText("call_id"));
        assertEquals(List.of("get_weather", "echo"), facts.findValuesAsText("tool"));
        assertTrue(facts.at("/0/blob").isNull());
    }

    @Test
    void responsesApiTakesTheOutputArrayAndTurnsBadArgumentsIntoErrorOutputs() throws Exception {
        JsonNode output = json(fixture("openai-responses.response.json")).get("output");
        assertEquals(2, answer(post("openai-responses", output.toString()), null).size());

        Response response = post("openai-responses", """
                [{"type":"function_call","id":"fc_1","call_id":"call_a","name":"get_weather","arguments":"{\\"location\\":"},
                 {"type":"function_call","id":"fc_2","call_id":"call_b","name":"get_weather","arguments":"{\\"location\\":\\"Oslo\\"}"}]""");
        JsonNode answer = answer(response, null);
        assertTrue(answer.at("/0/output").asText().startsWith("the arguments of get_weather are not valid JSON ("), answer.at("/0/output").asText());
        assertTrue(answer.at("/0/output").asText().contains("its schema: {\"type\":\"object\""));
        assertTrue(answer.at("/1/output").asText().contains("do not match its schema"), "unit is required: " + answer.at("/1/output"));
        assertEquals(List.of("error", "error"), facts(response).findValuesAsText("status"));
    }

    @Test
    void anthropicToolUseBlocksGetOneUserMessageOfToolResults() throws Exception {
        Response response = post("anthropic", fixture("anthropic.message.json"));
        JsonNode answer = answer(response, "anthropic.answer.json");
        assertEquals(json("""
                {"role":"user","content":[
                  {"type":"tool_result","tool_use_id":"toolu_01A09q90qw90lq917835lq9",
                   "content":"{\\"location\\":\\"San Francisco, CA\\",\\"temperature\\":57,\\"unit\\":\\"fahrenheit\\",\\"conditions\\":\\"light rain\\"}",
                   "is_error":false},
                  {"type":"tool_result","tool_use_id":"toolu_01BkxTAXbvQkyEfGxDfPqUhN",
                   "content":"the disk is on fire; try the tool 'echo' instead","is_error":true}]}"""), answer);
        assertEquals(List.of("ok", "error"), facts(response).findValuesAsText("status"));
    }

    @Test
    void anthropicTakesTheContentArrayAndReportsInputThatDoesNotFit() throws Exception {
        JsonNode content = json(fixture("anthropic.message.json")).get("content");
        JsonNode answer = answer(post("anthropic", content.toString()), null);
        assertEquals(List.of("toolu_01A09q90qw90lq917835lq9", "toolu_01BkxTAXbvQkyEfGxDfPqUhN"), answer.get("content").findValuesAsText("tool_use_id"));

        JsonNode wrong = answer(post("anthropic", """
                {"role":"assistant","content":[
                  {"type":"tool_use","id":"toolu_1","name":"echo","input":{"text":5}},
                  {"type":"tool_use","id":"toolu_2","name":"nope","input":{}}]}"""), null);
        assertTrue(wrong.at("/content/0/is_error").booleanValue());
        assertTrue(wrong.at("/content/0/content").asText().contains("do not match its schema"));
        assertTrue(wrong.at("/content/1/is_error").booleanValue());
        assertTrue(wrong.at("/content/1/content").asText().startsWith("unknown tool 'nope'"));
    }

    @Test
    void aBodyWithoutToolCallsForTheFormatSaysWhatWasExpected() {
        post("openai", "{\"role\":\"assistant\",\"content\":\"Hello!\",\"refusal\":null}").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", equalTo("the body holds no tool calls: format=openai takes a Chat Completions assistant message with tool_calls "
                        + "(choices[0].message), its tool_calls array, or the whole chat completion"));
        post("openai-responses", "{\"object\":\"response\",\"output\":[{\"type\":\"message\",\"role\":\"assistant\",\"content\":[]}]}")
                .then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("format=openai-responses takes a Responses API response object, or its output array, with function_call items"));
        post("anthropic", "{\"role\":\"assistant\",\"content\":\"just text\"}").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("holds no tool calls: format=anthropic takes a Messages API assistant message"));
        post("anthropic", "").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("the body is empty"));
        post("openai", "{\"tool_calls\":[{\"id\":").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("the body is not valid JSON ("))
                .body("detail", containsString("format=openai takes a Chat Completions assistant message"));
        post("openai", "[{\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{}\"}}]").then().statusCode(400)
                .body("detail", equalTo("[0] has no \"id\": every tool call needs one, so that its result can name it"));
        post("anthropic", "{\"content\":[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"echo\",\"input\":{\"text\":\"a\"}},"
                + "{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"echo\",\"input\":{\"text\":\"b\"}}]}").then().statusCode(400)
                .body("detail", containsString("call id 't' is used twice"));
    }

    @Test
    void anUnknownFormatNamesTheOnesThatAreKnown() {
        post("gemini", "{}").then().statusCode(400).contentType("application/problem+json")
                .body("detail", equalTo("format 'gemini' is not known: use openai, openai-responses, anthropic, or leave it out for Toolspill's own shape"));
        given().queryParam("format", "gemini").when().get("/v1/tools").then().statusCode(400)
                .body("detail", containsString("use openai, openai-responses, anthropic"));
    }

    @Test
    void theDefaultShapeIsUnchanged() {
        post("", "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}]}").then().statusCode(200)
                .header("Toolspill-Results", (String) null)
                .body("results[0].output", equalTo("hi"));
        post("toolspill", "{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":\"{\\\"text\\\":\\\"hi\\\"}\"}]}").then().statusCode(200)
                .body("results[0].status", equalTo("error"))
                .body("results[0].output", containsString("must be a JSON object, got string"));
    }

    @Test
    void manyCallsGetTheShortFactsAndTheHeaderSaysHowManyItLeftOut() throws Exception {
        int calls = 200;
        String body = IntStream.range(0, calls)
                .mapToObj(i -> "{\"id\":\"call_%024d\",\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{\\\"text\\\":\\\"%d\\\"}\"}}"
                        .formatted(i, i))
                .collect(Collectors.joining(",", "[", "]"));
        Response response = post("openai", body);
        assertEquals(calls, answer(response, null).size());
        String header = response.header("Toolspill-Results");
        assertTrue(header.length() <= 8192, "within toolspill.pipeline.results-header-max-bytes: " + header.length());
        JsonNode facts = facts(response);
        assertEquals(List.of("call_id", "status"), fields(facts.get(0)), "the short form: no blob, no cut, so nothing more");
        assertEquals("call_%024d".formatted(0), facts.at("/0/call_id").asText());
        assertEquals(calls - facts.size(), Integer.parseInt(response.header("Toolspill-Results-Omitted")));
        assertTrue(facts.size() > 50 && facts.size() < calls, "as many as fit: " + facts.size());
    }

    @Test
    void toolDefinitionsForTheResponsesApiAreFlatAndStrictOnlyWhenTheSchemaAllowsIt() throws Exception {
        Response response = given().queryParam("format", "openai-responses").when().get("/v1/tools");
        JsonNode tools = answer(response, "openai-responses.tools.json");
        JsonNode weather = find(tools, "get_weather");
        assertEquals(List.of("type", "name", "description", "parameters", "strict"), fields(weather));
        assertEquals("function", weather.get("type").asText());
        assertEquals("Get the current weather in a given location", weather.get("description").asText());
        assertEquals(json("[\"location\",\"unit\"]"), weather.at("/parameters/required"));
        assertTrue(weather.get("strict").booleanValue());
        assertEquals(false, find(tools, "echo").get("strict").booleanValue(), "times is optional");
        assertEquals(false, find(tools, "inspect").get("strict").booleanValue(), "selector is optional");

        answer(given().queryParam("format", "openai").when().get("/v1/tools"), "openai.tools.json");
        answer(given().queryParam("format", "anthropic").when().get("/v1/tools"), "anthropic.tools.json");
    }

    private static JsonNode find(JsonNode tools, String name) {
        for (JsonNode tool : tools) {
            if (name.equals(tool.path("name").asText()) || name.equals(tool.path("function").path("name").asText())) {
                return tool;
            }
        }
        return fail("no tool named " + name);
    }
}
