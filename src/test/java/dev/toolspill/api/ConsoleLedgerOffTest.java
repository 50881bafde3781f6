package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * With {@code toolspill.ledger.enabled=false} (and no blob store, where it would be off anyway) the console's data says
 * the ledger is off, and the page has a notice for it. In the application of the tests without a store: a test profile
 * of its own would cost the suite an augmentation and a start.
 */
@QuarkusTest
@TestProfile(NoStoreProfileTest.Profile.class)
class ConsoleLedgerOffTest {

    @Test
    void theConsoleSaysTheLedgerIsOff() {
        given().when().get("/console/api/me").then().statusCode(200).body("ledger", equalTo("off"));
        given().when().get("/console/api/calls").then().statusCode(200).body("ledger", equalTo("off")).body("calls.size()", equalTo(0));
        given().when().get("/console").then().statusCode(200).body(containsString("id=\"ledger-off\""))
                .body(containsString("call ledger is off"));
    }
}
