package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** With {@code toolspill.ledger.enabled=false} the console's data says the ledger is off, and the page has a notice for it. */
@QuarkusTest
@TestProfile(ConsoleLedgerOffTest.Off.class)
class ConsoleLedgerOffTest {

    public static class Off implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("toolspill.ledger.enabled", "false");
        }
    }

    @Test
    void theConsoleSaysTheLedgerIsOff() {
        given().when().get("/console/api/me").then().statusCode(200).body("ledger", equalTo("off"));
        given().when().get("/console/api/calls").then().statusCode(200).body("ledger", equalTo("off")).body("calls.size()", equalTo(0));
        given().when().get("/console").then().statusCode(200).body(containsString("id=\"ledger-off\""))
                .body(containsString("call ledger is off"));
    }
}
