package dev.toolspill.pipeline;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * N slow calls in one batch take about as long as one, not N: measured as a ratio against running
 * the same calls one batch at a time, never against a wall-clock bound.
 */
@QuarkusTest
class PipelineConcurrencyTest {

    static final int CALLS = 8;

    static long timeBatch(String tool, int calls, int millis) {
        String body = IntStream.range(0, calls)
                .mapToObj(i -> "{\"id\":\"c" + i + "\",\"name\":\"" + tool + "\",\"arguments\":{\"millis\":" + millis + "}}")
                .collect(Collectors.joining(",", "{\"calls\":[", "]}"));
        long start = System.nanoTime();
        given().contentType(ContentType.JSON).body(body).when().post("/v1/tool-calls").then()
                .statusCode(200)
                .body("results.status", everyItem(equalTo("ok")))
                .body("results.call_id[0]", equalTo("c0"))
                .body("results.call_id[" + (calls - 1) + "]", equalTo("c" + (calls - 1)));
        return System.nanoTime() - start;
    }

    static long timeSequential(String tool, int calls, int millis) {
        long total = 0;
        for (int i = 0; i < calls; i++) {
            total += timeBatch(tool, 1, millis);
        }
        return total;
    }

    @Test
    void nonBlockingSlowToolsRunConcurrently() {
        timeBatch("slow", CALLS, 10); // warm up
        long concurrent = timeBatch("slow", CALLS, 150);
        long sequential = timeSequential("slow", CALLS, 150);
        assertTrue(concurrent * 3 < sequential,
                "a batch of " + CALLS + " took " + concurrent / 1_000_000 + " ms, one by one " + sequential / 1_000_000 + " ms");
    }

    @Test
    void blockingToolsRunConcurrentlyOnWorkers() {
        timeBatch("sleepy", CALLS, 10);
        long concurrent = timeBatch("sleepy", CALLS, 150);
        long sequential = timeSequential("sleepy", CALLS, 150);
        assertTrue(concurrent * 3 < sequential,
                "a batch of " + CALLS + " took " + concurrent / 1_000_000 + " ms, one by one " + sequential / 1_000_000 + " ms");
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
