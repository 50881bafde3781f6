package dev.toolspill.config;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidatorImpl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every single-key bound of the configuration is a constraint of the mapping, checked as SmallRye Config builds it (at
 * start-up, before anything is served: ConfigStartupIT shows that on the packaged app for a few of them): a value past
 * the bound is refused with the key, the value and what would work; the bound itself is accepted.
 */
class ConfigBoundsTest {

    private static final BeanValidationConfigValidatorImpl VALIDATOR = new BeanValidationConfigValidatorImpl(); // Hibernate Validator, as Quarkus runs it

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
            "toolspill.retention.max-age, 0s, longer than 0",
            "toolspill.retention.max-age, -5s, longer than 0",
            "toolspill.retention.interval, 0s, at least 1ms",
            "toolspill.retention.unfinished-max-age, 0s, longer than 0",
            "toolspill.retention.concurrency, 0, at least 1",
            "toolspill.output.summary-max-bytes, 159, at least 160 bytes",
            "toolspill.output.head-lines, 0, at least 1",
            "toolspill.output.tail-lines, -1, at least 0",
            "toolspill.ingest.writer-threads, 0, at least 1",
            "toolspill.ingest.max-concurrent, 0, at least 1",
            "toolspill.ingest.tenant-share, 0, above 0 and at most 1",
            "toolspill.ingest.tenant-share, 1.5, above 0 and at most 1",
            "toolspill.ingest.stall-timeout, 0s, longer than 0",
            "toolspill.inspect.index-cache-bytes, -1, at least 0",
            "toolspill.inspect.max-concurrent-index-loads, 0, at least 1",
            "toolspill.inspect.index-load-queue, -1, at least 0",
            "toolspill.inspect.grep-max-pattern-chars, 0, at least 1",
            "toolspill.inspect.head-sample-entries, -1, at least 0",
            "toolspill.inspect.head-sample-bytes, -1, at least 0",
            "toolspill.metrics.max-tools, -1, at least 0",
            "toolspill.pipeline.max-concurrency, 0, at least 1",
            "toolspill.pipeline.timeout, 0s, longer than 0",
            "toolspill.pipeline.buffered-bytes-budget, 0, at least 1",
            "toolspill.auth.jwt.jwks-timeout, 0s, longer than 0",
            "toolspill.auth.jwt.tenant-claim, ' ', name the claim that holds the tenant",
            "toolspill.scan.max-depth, 0, at least 1",
            "toolspill.limits.default, 127, at least 128 bytes"})
    void aValuePastItsBoundIsRefusedWithTheKeyTheValueAndWhatWorks(String key, String value, String works) {
        String message = assertThrows(ConfigValidationException.class, () -> build(key, value)).getMessage();
        assertTrue(message.contains(key), "names the key: " + message);
        assertTrue(spellings(value).stream().anyMatch(shown -> message.contains("(was " + shown + ")")), "names the value: " + message);
        assertTrue(message.contains(works), "says what would work: " + message);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({
            "toolspill.retention.interval, 1ms",
            "toolspill.retention.concurrency, 1",
            "toolspill.output.summary-max-bytes, 160",
            "toolspill.output.tail-lines, 0",
            "toolspill.ingest.tenant-share, 1",
            "toolspill.ingest.tenant-share, 0.01",
            "toolspill.inspect.index-cache-bytes, 0",
            "toolspill.pipeline.buffered-bytes-budget, 1",
            "toolspill.limits.default, 128"})
    void theBoundItselfIsAccepted(String key, String value) {
        assertDoesNotThrow(() -> build(key, value));
    }

    /** The value as written, or as its type prints it (0 as 0.0, 0s as PT0S). */
    private static java.util.List<String> spellings(String value) {
        return java.util.List.of(value, value.matches("-?[0-9.]+") ? Double.toString(Double.parseDouble(value)) : value,
                value.matches("-?[0-9]+m?s") ? new DurationConverter().convert(value).toString() : value);
    }

    @org.junit.jupiter.api.Test
    void aLedgerBatchLargerThanWhatMayWaitIsRefused() {
        String message = assertThrows(ConfigValidationException.class, () -> build(Map.of("toolspill.ledger.batch-bytes", "2048",
                "toolspill.ledger.max-pending-bytes", "1024"))).getMessage();
        assertTrue(message.contains("toolspill.ledger.batch-bytes must be at most toolspill.ledger.max-pending-bytes"), message);
        assertDoesNotThrow(() -> build(Map.of("toolspill.ledger.batch-bytes", "2048", "toolspill.ledger.max-pending-bytes", "2048")));
        assertDoesNotThrow(() -> build(Map.of()), "the defaults");
    }

    /** Bounds that tie two keys together are constraints of the mapping too: one without the other is refused, both are accepted. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "toolspill.auth.jwt.issuer=https://id.example | toolspill.auth.jwt.public-key-location=/keys/id.pem"
                    + " | toolspill.auth.jwt.issuer is set but toolspill.auth.jwt.public-key-location is not",
            "toolspill.auth.jwt.public-key-location=/keys/id.pem | toolspill.auth.jwt.issuer=https://id.example"
                    + " | toolspill.auth.jwt.public-key-location is set but toolspill.auth.jwt.issuer is not",
            "toolspill.retention.unfinished-max-age=45s | toolspill.ingest.max-duration=40s"
                    + " | toolspill.retention.unfinished-max-age must be longer than toolspill.ingest.max-duration and toolspill.ingest.stall-timeout",
            "toolspill.ingest.max-duration=2h | toolspill.retention.unfinished-max-age=3h"
                    + " | toolspill.retention.unfinished-max-age must be longer than toolspill.ingest.max-duration",

            "toolspill.output.head-lines=50 | toolspill.output.summary-max-bytes=600"
                    + " | toolspill.output.head-lines + tail-lines do not fit in toolspill.output.summary-max-bytes"})
    void aValueThatNeedsAnotherIsRefusedWithoutIt(String alone, String fix, String says) {
        String[] bad = alone.split("=", 2);
        String message = assertThrows(ConfigValidationException.class, () -> build(bad[0], bad[1])).getMessage();
        assertTrue(message.contains(says), message);
        String[] other = fix.split("=", 2);
        assertDoesNotThrow(() -> build(Map.of(bad[0], bad[1], other[0], other[1])));
    }

    @org.junit.jupiter.api.Test
    void summaryLinesPastTheLargestIntAreRefusedNotWrappedAround() {
        String message = assertThrows(ConfigValidationException.class, () -> build(Map.of("toolspill.output.head-lines", "2147483647",
                "toolspill.output.tail-lines", "1"))).getMessage();
        assertTrue(message.contains("toolspill.output.head-lines + tail-lines do not fit"), message);
    }

    @org.junit.jupiter.api.Test
    void aBlankJwtAudienceIsRefused() {
        String message = assertThrows(ConfigValidationException.class, () -> build(Map.of("toolspill.auth.jwt.issuer", "https://id.example",
                "toolspill.auth.jwt.public-key-location", "/keys/id.pem", "toolspill.auth.jwt.audience", "a, ,b"))).getMessage();
        assertTrue(message.contains("toolspill.auth.jwt.audience has a blank entry"), message);
    }

    private static SmallRyeConfig build(String key, String value) {
        return build(Map.of(key, value));
    }

    private static SmallRyeConfig build(Map<String, String> values) {
        return new SmallRyeConfigBuilder()
                .withMapping(ToolspillConfig.class)
                .withValidator(VALIDATOR)
                .withConverter(java.time.Duration.class, 200, new DurationConverter()) // Quarkus' form: 10s, 1ms
                .withSources(new PropertiesConfigSource(values, "test", 500))
                .addDefaultInterceptors()
                .build();
    }
}
