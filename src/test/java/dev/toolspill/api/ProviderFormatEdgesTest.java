package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static dev.toolspill.api.ProviderCalls.answer;
import static dev.toolspill.api.ProviderCalls.facts;
import static dev.toolspill.api.ProviderCalls.fields;
import static dev.toolspill.api.ProviderCalls.json;
import static dev.toolspill.api.ProviderCalls.post;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The edges of {@code ?format=}: a body that holds no tool calls for its format, an unknown format, no format (the
 * default shape), and more results than the {@code Toolspill-Results} header holds. Each format's own answers are
 * {@link ProviderFormatsTest}'s.
 */
@QuarkusTest
class ProviderFormatEdgesTest {

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
}
