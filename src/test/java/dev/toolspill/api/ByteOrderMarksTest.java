package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every byte order mark that leads an output is dropped, not only the first: with two (or many) the stored blob was
 * JSON that began with {@code EF BB BF}, since the scan skipped the second mark and the store kept it. The stored
 * bytes, their size and what the scan says of them agree, on uploads and on outputs of tool calls.
 */
@QuarkusTest
class ByteOrderMarksTest {

    static byte[] marked(int marks, String text) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < marks; i++) {
            all.writeBytes(RedesignFixesTest.BOM);
        }
        all.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        return all.toByteArray();
    }

    static byte[] stored(String id, String extension) throws Exception {
        return Files.readAllBytes(Path.of("target/test-data/blobs", id + extension));
    }

    @Test
    void aJsonUploadWithTwoMarksIsStoredWithoutEither() throws Exception {
        String array = "[" + IntStream.range(0, 300).mapToObj(i -> "{\"i\": " + i + "}").collect(Collectors.joining(", ")) + "]";
        byte[] bytes = array.getBytes(StandardCharsets.UTF_8);
        for (int marks : new int[] {2, 3, 400}) { // 400 marks: more than the first read of a body holds
            String id = RedesignFixesTest.post(ContentType.JSON, marked(marks, array)).then().statusCode(200)
                    .body("blob.kind", equalTo("json_array")).body("blob.entries", equalTo(300)).body("blob.bytes", equalTo(bytes.length))
                    .extract().path("blob.id");
            assertArrayEquals(bytes, stored(id, ".json"), marks + " marks: the stored blob starts with the array");
            assertEquals("[{\"i\": 3},{\"i\": 4}]", RedesignFixesTest.inspect(id, "slice:3..5"));
            assertEquals("[", RedesignFixesTest.inspect(id, "bytes:0..1"));
        }
    }

    @Test
    void aTextUploadWithTwoMarksIsStoredWithoutEither() throws Exception {
        String log = "line one\n".repeat(200);
        String id = RedesignFixesTest.post(ContentType.TEXT, marked(2, log)).then().statusCode(200)
                .body("blob.bytes", equalTo(log.length())).body("blob.lines", equalTo(200)).extract().path("blob.id");
        assertArrayEquals(log.getBytes(StandardCharsets.UTF_8), stored(id, ".txt"));
        RedesignFixesTest.post(ContentType.TEXT, marked(2, "small")).then().statusCode(200).body("output", equalTo("small"));
    }

    @Test
    void aToolOutputWithTwoMarksIsStoredWithoutEither() throws Exception {
        String array = "[" + IntStream.range(0, 300).mapToObj(i -> "{\"i\": " + i + "}").collect(Collectors.joining(", ")) + "]";
        String id = given().contentType(ContentType.JSON)
                .body(Map.of("calls", java.util.List.of(Map.of("id", "1", "name", "echo", "arguments", Map.of("text", "\uFEFF\uFEFF" + array)))))
                .when().post("/v1/tool-calls").then().statusCode(200)
                .body("results[0].blob.kind", equalTo("json_array")).extract().path("results[0].blob.id");
        assertArrayEquals(array.getBytes(StandardCharsets.UTF_8), stored(id, ".json"));
    }
}
