package dev.toolspill.pipeline;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

/**
 * The calls of one batch run at the same time, in order of their answers: each call of a batch of {@code meeting} calls
 * answers only once all of them are running at once, which calls run one after another never are. Counted, not timed:
 * the answer does not depend on the machine's load (timings live in the benchmarks).
 */
@QuarkusTest
class PipelineConcurrencyTest {

    static final int CALLS = 8;

    static ValidatableResponse meet(String tool, int calls) {
        String group = UUID.randomUUID().toString();
        String body = IntStream.range(0, calls)
                .mapToObj(i -> "{\"id\":\"c" + i + "\",\"name\":\"" + tool + "\",\"arguments\":{\"group\":\"" + group
                        + "\",\"parties\":" + calls + "}}")
                .collect(Collectors.joining(",", "{\"calls\":[", "]}"));
        return given().contentType(ContentType.JSON).body(body).when().post("/v1/tool-calls").then()
                .statusCode(200)
                .body("results.status", everyItem(equalTo("ok")))
                .body("results.call_id[0]", equalTo("c0"))
                .body("results.call_id[" + (calls - 1) + "]", equalTo("c" + (calls - 1)));
    }

    @Test
    void nonBlockingSlowToolsRunConcurrently() {
        meet("meeting", CALLS).body("results.output", everyItem(equalTo("met " + CALLS + " of " + CALLS)));
    }

    @Test
    void blockingToolsRunConcurrentlyOnWorkers() {
        meet("blocking_meeting", CALLS).body("results.output", everyItem(equalTo("met " + CALLS + " of " + CALLS + " on worker")));
        given().contentType(ContentType.JSON)
                .body("{\"calls\":[{\"id\":\"w\",\"name\":\"sleepy\",\"arguments\":{\"millis\":1}}]}")
                .when().post("/v1/tool-calls").then().body("results[0].output", startsWith("slept on worker"));
    }

    @Test
    void aFullBatchOfCallsThatCompleteAtOnceAnswersInOrder() {
        int calls = 1000; // toolspill.pipeline.max-calls
        String body = IntStream.range(0, calls)
                .mapToObj(i -> "{\"id\":\"c" + i + "\",\"name\":\"" + (i % 2 == 0 ? "echo" : "no_such_tool") + "\",\"arguments\":{\"text\":\"" + i + "\"}}")
                .collect(Collectors.joining(",", "{\"calls\":[", "]}"));
        given().contentType(ContentType.JSON).body(body).when().post("/v1/tool-calls").then()
                .statusCode(200)
                .body("results.size()", equalTo(calls))
                .body("results[998].output", equalTo("998"))
                .body("results[999].call_id", equalTo("c999"))
                .body("results[999].status", equalTo("error"));
    }
}
