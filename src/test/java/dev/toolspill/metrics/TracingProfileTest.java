package dev.toolspill.metrics;

import dev.toolspill.api.TightBudgetsProfile;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** With the OpenTelemetry SDK turned on, a batch, each of its calls and each store call is a span of the request's trace. */
@QuarkusTest
@TestProfile(TightBudgetsProfile.class) // the SDK on (spans every 10 ms), with the budget and retention tests: one application
class TracingProfileTest {

    /** Spans end up here, as an OTLP collector would get them (Quarkus exports to every SpanExporter bean). */
    @ApplicationScoped
    static class Exporters {
        @Produces
        @Singleton
        InMemorySpanExporter memory() {
            return InMemorySpanExporter.create();
        }
    }

    @Inject
    InMemorySpanExporter spans;

    @Test
    void aBatchItsCallsAndItsStoreCallsAreSpansOfOneTrace() {
        spans.reset();
        given().contentType(ContentType.JSON).body("""
                        {"calls":[{"id":"1","name":"echo","arguments":{"text":"y","times":3000}}]}""")
                .when().post("/v1/tool-calls").then().statusCode(200);

        SpanData batch = awaitSpan(span -> span.getName().equals("tool batch"));
        SpanData call = awaitSpan(span -> span.getName().equals("tool call")
                && "echo".equals(span.getAttributes().get(AttributeKey.stringKey("toolspill.tool"))));
        SpanData put = awaitSpan(span -> span.getName().equals("store put"));
        assertTrue(batch.getTraceId().equals(call.getTraceId()) && call.getTraceId().equals(put.getTraceId()),
                "one trace for the request: " + List.of(batch, call, put));
    }

    /** Spans are exported in batches, every few milliseconds here: wait for the one wanted, at most a few seconds. */
    private SpanData awaitSpan(Predicate<SpanData> wanted) {
        try {
            return Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                    .until(() -> spans.getFinishedSpanItems().stream().filter(wanted).findFirst(), Optional::isPresent).get();
        } catch (ConditionTimeoutException e) {
            return fail("no such span among " + spans.getFinishedSpanItems().stream().map(SpanData::getName).toList());
        }
    }
}
