package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.hasItems;

/** Remote tools declared in a YAML file (quarkus.config.locations), as a ConfigMap mounted in a pod would hold them. */
@QuarkusTest
@TestProfile(YamlToolsProfileTest.FromYaml.class)
class YamlToolsProfileTest {

    public static class FromYaml implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.config.locations", "yaml/tools.yaml");
        }
    }

    @Test
    void toolNamesWithDashesAndUnderscoresComeFromTheYamlFile() {
        given().when().get("/v1/tools").then().statusCode(200)
                .body("tools.name", hasItems("web-search", "read_file"))
                .body("tools.find { it.name == 'web-search' }.description", org.hamcrest.Matchers.equalTo("Search the web."));
    }
}
