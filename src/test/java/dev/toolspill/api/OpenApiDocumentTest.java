package dev.toolspill.api;

import dev.toolspill.http.Problem;
import dev.toolspill.inspect.selector.SelectorKind;
import dev.toolspill.inspect.selector.SelectorKinds;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The document served at /q/openapi, read by a validating parser as a client generator would read it. */
@QuarkusTest
class OpenApiDocumentTest {

    /** OpenAPI is on the management interface (its own port). */
    @TestHTTPResource(value = "/openapi", management = true)
    URL openApiUrl;

    /** Each operation, by method and path, with its id and the errors it can answer. */
    private static final Map<String, Expected> OPERATIONS = Map.of(
            "POST /v1/tool-calls", new Expected("runToolCalls", "200", "400", "401", "429", "411", "413", "415", "503"),
            "POST /v1/tool-outputs", new Expected("ingestToolOutput", "200", "400", "401", "429", "413", "415", "503"),
            "GET /v1/tools", new Expected("listTools", "200", "400", "401", "429", "503"),
            "GET /v1/blobs/{id}", new Expected("getBlob", "200", "206", "304", "400", "401", "429", "404", "416", "503"),
            "DELETE /v1/blobs/{id}", new Expected("deleteBlob", "204", "400", "401", "429", "404", "503"),
            "GET /v1/blobs/{id}/inspect", new Expected("inspectBlob", "200", "400", "401", "429", "404", "503"),
            "POST /v1/blobs/{id}/verify", new Expected("verifyBlob", "200", "400", "401", "429", "404", "503"));

    private static SwaggerParseResult parsed;

    @BeforeEach
    void parseOnce() {
        if (parsed != null) {
            return;
        }
        String document = given().accept("application/json").when().queryParam("format", "json").get(openApiUrl).then().statusCode(200).extract().asString();
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        parsed = new OpenAPIV3Parser().readContents(document, null, options);
    }

    @Test
    void theDocumentValidatesWithoutAnyMessage() {
        assertNotNull(parsed.getOpenAPI(), "the parser read no document: " + parsed.getMessages());
        assertEquals(List.of(), parsed.getMessages());
    }

    @Test
    void everyOperationHasItsIdAndTheErrorsItCanAnswer() {
        Map<String, Operation> found = operations(parsed.getOpenAPI());
        for (var expected : OPERATIONS.entrySet()) {
            Operation operation = found.get(expected.getKey());
            assertNotNull(operation, expected.getKey() + " is not in the document; it has " + found.keySet());
            assertEquals(expected.getValue().operationId(), operation.getOperationId(), expected.getKey());
            assertTrue(operation.getResponses().keySet().containsAll(expected.getValue().statuses()),
                    expected.getKey() + " answers " + expected.getValue().statuses() + ", the document says " + operation.getResponses().keySet());
        }
        Set<String> ids = new HashSet<>();
        for (var operation : found.entrySet()) {
            String id = operation.getValue().getOperationId();
            assertTrue(id != null && !id.isBlank(), operation.getKey() + " has no operationId");
            assertTrue(ids.add(id), "operationId " + id + " is used twice");
        }
    }

    /** Every selector parameter (the API's and the console's) lists every selector kind, built from the kinds as the tool description is. */
    @Test
    void theSelectorParameterListsEveryKindWithItsExample() {
        for (String path : List.of("GET /v1/blobs/{id}/inspect", "GET /console/api/blobs/{id}/inspect")) {
            Operation inspect = operations(parsed.getOpenAPI()).get(path);
            assertNotNull(inspect, path);
            String description = inspect.getParameters().stream().filter(parameter -> parameter.getName().equals("selector"))
                    .findFirst().orElseThrow().getDescription();
            assertNotNull(description, path + ": the selector parameter has no description");
            for (SelectorKind kind : SelectorKinds.STANDARD.kinds()) {
                assertTrue(description.contains(kind.form()) && description.contains(kind.example()), path + ": " + kind.form() + " in: " + description);
            }
        }
    }

    @Test
    void everyBodyHasASchemaAndEveryErrorIsAProblem() {
        List<String> missing = new ArrayList<>();
        operations(parsed.getOpenAPI()).forEach((name, operation) -> operation.getResponses().forEach((status, response) -> {
            if (response.getContent() == null) {
                return;
            }
            for (Map.Entry<String, MediaType> media : response.getContent().entrySet()) {
                if (media.getValue().getSchema() == null) {
                    missing.add(name + " " + status + " " + media.getKey() + ": no schema");
                }
                boolean problem = media.getKey().equals("application/problem+json");
                if (status.startsWith("4") || status.startsWith("5")) {
                    if (!problem || !String.valueOf(media.getValue().getSchema().get$ref()).endsWith("/Problem")) {
                        missing.add(name + " " + status + " " + media.getKey() + ": not the Problem schema");
                    }
                }
            }
        }));
        assertEquals(List.of(), missing);
        assertTrue(parsed.getOpenAPI().getComponents().getSchemas().get("Problem").getRequired().contains("detail"));
    }

    private static Map<String, Operation> operations(OpenAPI openApi) {
        Map<String, Operation> operations = new java.util.TreeMap<>();
        openApi.getPaths().forEach((path, item) -> item.readOperationsMap()
                .forEach((method, operation) -> operations.put(method(method) + " " + path, operation)));
        return operations;
    }

    private static String method(PathItem.HttpMethod method) {
        return method.name();
    }

    private record Expected(String operationId, Set<String> statuses) {
        Expected(String operationId, String... statuses) {
            this(operationId, Set.of(statuses));
        }
    }
}
