package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItems;

/** Remote tools declared in a YAML file (quarkus.config.locations), as a ConfigMap mounted in a pod would hold them. */
@QuarkusTest
@TestProfile(NoStoreProfileTest.Profile.class) // quarkus.config.locations=yaml/tools.yaml, with the store-less tests: one application
class YamlToolsProfileTest {

    @Test
    void toolNamesWithDashesAndUnderscoresComeFromTheYamlFile() {
        given().when().get("/v1/tools").then().statusCode(200)
                .body("tools.name", hasItems("web-search", "read_file"))
                .body("tools.find { it.name == 'web-search' }.description", org.hamcrest.Matchers.equalTo("Search the web."));
    }
}
