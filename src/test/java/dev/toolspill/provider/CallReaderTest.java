package dev.toolspill.provider;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.pipeline.BatchTooLargeException;
import dev.toolspill.tool.ToolCall;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The calls are found where each provider puts them; the rest of a body is skipped, and a body over the call cap is not read on. */
class CallReaderTest {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final ProviderFormats FORMATS = new ProviderFormats(MAPPER);

    static ProviderCalls read(String format, String body, int maxCalls) {
        return new CallReader(MAPPER, maxCalls).read(FORMATS.named(format).orElseThrow(), body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void openAiCallsAreFoundInAMessageACompletionOrABareArray() {
        String call = "{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"echo\",\"arguments\":\"{\\\"text\\\":\\\"hi\\\"}\"}}";
        for (String body : List.of("[" + call + "]", "{\"role\":\"assistant\",\"tool_calls\":[" + call + "]}",
                "{\"usage\":{\"x\":[1,{\"tool_calls\":[]}]},\"choices\":[{\"index\":0,\"message\":{\"content\":null,\"tool_calls\":[" + call + "]}},"
                        + "{\"index\":1,\"message\":{\"tool_calls\":[{\"id\":\"other choice\"}]}}]}")) {
            ProviderCalls calls = read("openai", body, 10);
            assertEquals(1, calls.calls().size(), body);
            ToolCall found = calls.calls().get(0);
            assertEquals("c1", found.id());
            assertEquals("echo", found.name());
            assertEquals("{\"text\":\"hi\"}", found.arguments().toString());
            assertTrue(calls.unreadable().isEmpty());
        }
    }

    @Test
    void argumentsThatDoNotParseAreKeptAsAReasonNotAFailure() {
        ProviderCalls calls = read("openai-responses", """
                {"output":[{"type":"reasoning","id":"rs_1","summary":[]},
                           {"type":"function_call","call_id":"a","name":"echo","arguments":"{\\"text\\":"},
                           {"type":"function_call","call_id":"b","name":"echo","arguments":"{\\"text\\":\\"ok\\"}"}]}""", 10);
        assertEquals(List.of("a", "b"), calls.calls().stream().map(ToolCall::id).toList());
        assertNull(calls.calls().get(0).arguments());
        assertTrue(calls.unreadable().get("a").startsWith("the arguments of echo are not valid JSON (Unexpected end-of-input"),
                calls.unreadable().get("a"));
        assertEquals(1, calls.unreadable().size());
    }

    @Test
    void anthropicInputIsTakenAsItIs() {
        ProviderCalls calls = read("anthropic", """
                {"content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t1","name":"get_weather","input":{"location":"Oslo"}},
                            {"type":"server_tool_use","id":"s1","name":"web_search","input":{}}]}""", 10);
        assertEquals(1, calls.calls().size());
        assertEquals("{\"location\":\"Oslo\"}", calls.calls().get(0).arguments().toString());
    }

    @Test
    void aBodyOverTheCallCapIsRefusedAtTheFirstCallOverWithoutReadingOn() {
        String call = "{\"type\":\"function_call\",\"call_id\":\"c%d\",\"name\":\"echo\",\"arguments\":\"{}\"},";
        String body = "[" + call.formatted(1) + call.formatted(2) + call.formatted(3) + " this is never parsed";
        BatchTooLargeException refused = assertThrows(BatchTooLargeException.class, () -> read("openai-responses", body, 2));
        assertEquals("the body holds more than 2 tool calls, over toolspill.pipeline.max-calls = 2: split it into smaller batches",
                refused.getMessage());
        assertEquals(2, read("openai-responses", "[" + call.formatted(1) + call.formatted(2) + "{\"type\":\"message\"}]", 2).calls().size(),
                "items that are not calls do not count");
    }

    @Test
    void aBodyThatIsNotOneJsonValueIsRefused() {
        ProviderFormatException twice = assertThrows(ProviderFormatException.class, () -> read("anthropic",
                "{\"content\":[{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"x\",\"input\":{}}]} {}", 10));
        assertTrue(twice.getMessage().startsWith("the body holds more than one JSON value"), twice.getMessage());
        assertThrows(ProviderFormatException.class, () -> read("anthropic", "42", 10));
    }
}
