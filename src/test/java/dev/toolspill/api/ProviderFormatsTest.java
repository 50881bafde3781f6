package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.toolspill.api.ProviderCalls.LOG_HEAD;
import static dev.toolspill.api.ProviderCalls.LOG_LINE;
import static dev.toolspill.api.ProviderCalls.answer;
import static dev.toolspill.api.ProviderCalls.facts;
import static dev.toolspill.api.ProviderCalls.fields;
import static dev.toolspill.api.ProviderCalls.fixture;
import static dev.toolspill.api.ProviderCalls.json;
import static dev.toolspill.api.ProviderCalls.post;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code POST /v1/tool-calls?format=...} takes a body exactly as a provider's API returned it (copied from their
 * documented shapes, in {@code src/test/resources/provider-shapes}) and answers exactly what the client appends to
 * its conversation, with Toolspill's facts in the {@code Toolspill-Results} header. The answers are also written to
 * {@code target/provider-shapes/} for {@code src/it/clients/typecheck.sh}, which checks them against the providers' SDK types.
 */
@QuarkusTest
class ProviderFormatsTest {

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
