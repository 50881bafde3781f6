package dev.toolspill.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the provider-format tests call {@code POST /v1/tool-calls?format=...}: the provider bodies of
 * {@code src/test/resources/provider-shapes}, the answer (written to {@code target/provider-shapes/} when named, for
 * {@code src/it/clients/typecheck.sh}) and the facts of the {@code Toolspill-Results} header.
 */
final class ProviderCalls {

    static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path WRITTEN = Path.of("target/provider-shapes");
    static final String LOG_LINE = "2026-11-29T10:00:00Z INFO request served in 12 ms\n";
    static final String LOG_HEAD = "text | 200 lines\n── head ──\n2026-11-29T10:00:00Z INFO request";

    static String fixture(String name) throws IOException {
        try (InputStream in = ProviderCalls.class.getResourceAsStream("/provider-shapes/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Response post(String format, String body) {
        return given().contentType(ContentType.JSON).queryParam("format", format).body(body).when().post("/v1/tool-calls");
    }

    static JsonNode answer(Response response, String writeAs) throws IOException {
        response.then().statusCode(200).contentType(ContentType.JSON);
        if (writeAs != null) {
            Files.createDirectories(WRITTEN);
            Files.writeString(WRITTEN.resolve(writeAs), response.asString());
        }
        return MAPPER.readTree(response.asString());
    }

    static JsonNode facts(Response response) throws IOException {
        String header = response.header("Toolspill-Results");
        assertTrue(header != null && header.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "an ASCII header: " + header);
        return MAPPER.readTree(header);
    }

    static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static JsonNode json(String text) throws IOException {
        return MAPPER.readTree(text);
    }

    private ProviderCalls() {
    }
}
