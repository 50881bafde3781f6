package dev.toolspill.retention;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.Journal;
import dev.toolspill.ledger.LedgerLayout;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Retention as a running service does it: with {@code toolspill.retention.max-age} set in the subclass's profile and
 * a short interval, the timer's sweeps remove blobs whose id is older than that, with their index, and leave newer
 * ones alone. Old blobs are made with ids of an old time ({@link BlobId#at}) and written straight to the store; what
 * a client sees is checked through HTTP.
 */
abstract class RetentionContractTest {

    static final String LINES = "a stored line of text, long enough to be kept as a blob\n".repeat(40);

    @Inject
    BlobStore store;

    @Inject
    Journal journal;

    /** The profile's {@code toolspill.retention.max-age}. */
    protected abstract Duration maxAge();

    /** Whether the store holds anything under this name, asked of it directly. */
    protected abstract boolean holds(String name);

    /** Waits for a condition the service reaches on its own timer, polling; fails after 30 s. */
    static void eventually(String what, BooleanSupplier condition) {
        Awaitility.await(what).atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(condition::getAsBoolean);
    }

    static int status(String path) {
        return given().when().get(path).then().extract().statusCode();
    }

    BlobId putOld(Duration age, BlobFormat format, String content) {
        BlobId id = BlobId.at(Instant.now().minus(age));
        store.put(id, format, content.getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));
        store.putIndex(id, "an index".getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));
        return id;
    }

    @Test
    void blobsOlderThanMaxAgeGoWithTheirIndexAndNewerOnesStay() throws InterruptedException {
        String fresh = given().contentType(ContentType.TEXT).body(LINES).when().post("/v1/tool-outputs?tool=t")
                .then().statusCode(200).extract().path("blob.id");
        BlobId justInside = putOld(maxAge().minus(Duration.ofMinutes(1)), BlobFormat.TEXT, LINES);
        BlobId oldText = putOld(maxAge().plus(Duration.ofMinutes(1)), BlobFormat.TEXT, LINES);
        BlobId oldJson = putOld(maxAge().multipliedBy(10), BlobFormat.JSON, "[\"old\", \"json\"]");

        eventually("the old blobs are swept", () -> status("/v1/blobs/" + oldText) == 404 && status("/v1/blobs/" + oldJson) == 404);

        for (BlobId old : new BlobId[] {oldText, oldJson}) {
            given().when().head("/v1/blobs/" + old).then().statusCode(404);
            given().when().get("/v1/blobs/" + old + "/inspect").then().statusCode(404);
            assertFalse(holds("blobs/" + old + ".txt") || holds("blobs/" + old + ".json"), "blob " + old + " is gone from the store");
            assertFalse(holds("index/" + old + ".idx"), "its index is gone from the store");
        }
        assertArrayEquals(LINES.getBytes(StandardCharsets.UTF_8), given().when().get("/v1/blobs/" + fresh).then().statusCode(200)
                .extract().asByteArray(), "a blob stored just now stays");
        given().queryParam("selector", "lines:40-40").when().get("/v1/blobs/" + fresh + "/inspect").then()
                .statusCode(200).body(equalTo("a stored line of text, long enough to be kept as a blob\n"));
        given().when().get("/v1/blobs/" + justInside).then().statusCode(200);
        assertTrue(holds("index/" + justInside + ".idx"), "a blob younger than max-age keeps its index");
    }

    @Test
    void ledgerHoursOlderThanMaxAgeGoWholeAndTheCurrentHourStays() {
        Instant now = Instant.now();
        String old = LedgerLayout.batch("team-a", now.minus(maxAge()).minus(Duration.ofHours(2)), now.toEpochMilli(), "test", 1);
        String older = LedgerLayout.batch("team-b", now.minus(maxAge().multipliedBy(3)), now.toEpochMilli(), "test", 2);
        String current = LedgerLayout.batch("team-a", now, now.toEpochMilli(), "test", 3);
        for (String key : new String[] {old, older, current}) {
            journal.write(key, "{\"id\":\"1-a\"}\n".getBytes(StandardCharsets.UTF_8)).await().atMost(Duration.ofSeconds(10));
        }

        eventually("the old ledger hours are swept", () -> !holds(old) && !holds(older));

        assertTrue(holds(current), "the batch of the current hour stays");
    }
}
