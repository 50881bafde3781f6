package dev.toolspill.api;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /q/openapi declares the two ways a client proves its tenant, as the service reads them (Authorization: Bearer,
 * an API key or a JWT), and every /v1 operation requires one of them.
 */
@QuarkusTest
class OpenApiSecurityTest {

    @TestHTTPResource(value = "/openapi", management = true)
    URL openApiUrl;

    @Test
    void bothSchemesAreDeclaredAndEveryV1OperationRequiresOne() {
        String document = given().queryParam("format", "json").when().get(openApiUrl).then().statusCode(200).extract().asString();
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(document, null, null);
        assertEquals(List.of(), parsed.getMessages(), "the document parses cleanly");
        OpenAPI openApi = parsed.getOpenAPI();

        Map<String, SecurityScheme> schemes = openApi.getComponents().getSecuritySchemes();
        SecurityScheme apiKey = schemes.get("apiKey");
        assertEquals(SecurityScheme.Type.HTTP, apiKey.getType());
        assertEquals("bearer", apiKey.getScheme(), "ApiKeyMechanism reads the key from Authorization: Bearer");
        assertTrue(apiKey.getDescription().contains("Authorization: Bearer"), apiKey.getDescription());
        SecurityScheme jwt = schemes.get("jwt");
        assertEquals(SecurityScheme.Type.HTTP, jwt.getType());
        assertEquals("bearer", jwt.getScheme());
        assertEquals("JWT", jwt.getBearerFormat());

        List<SecurityRequirement> either = List.of(requirement("apiKey"), requirement("jwt"));
        int operations = 0;
        for (var path : openApi.getPaths().entrySet()) {
            if (!path.getKey().startsWith("/v1/")) {
                continue;
            }
            for (Map.Entry<?, Operation> operation : path.getValue().readOperationsMap().entrySet()) {
                assertEquals(either, operation.getValue().getSecurity(), operation.getKey() + " " + path.getKey());
                operations++;
            }
        }
        assertTrue(operations >= 7, "the /v1 operations: tool calls, outputs, tools, blob get/delete/inspect/verify; saw " + operations);
    }

    private static SecurityRequirement requirement(String scheme) {
        SecurityRequirement requirement = new SecurityRequirement();
        requirement.addList(scheme);
        return requirement;
    }
}
