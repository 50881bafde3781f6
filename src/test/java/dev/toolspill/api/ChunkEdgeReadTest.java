package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The reproduction through HTTP: a JSON array of 65,552 bytes whose escaped surrogate pair (a key written as
 * {@code "\ud83d\ude00"}, as Python's json.dumps writes an emoji) starts at byte 65,526, so the first 64 KiB read
 * of a reader ends inside it. Every reader answers what a plain parse of the document says, never "the blob store
 * is unavailable".
 */
@QuarkusTest
class ChunkEdgeReadTest {

    static final String PAIR = "{\"\\ud83d\\ude00\":1}";

    /** {@code [{"pad":"xx…"},{"\ud83d\ude00":1},{"b":22}]}: 65,552 bytes, the escape at byte 65,526. */
    static String document() {
        String first = "{\"pad\":\"" + "x".repeat(65_512) + "\"}";
        String doc = "[" + first + "," + PAIR + ",{\"b\":22}]";
        assertEquals(65_552, doc.length());
        assertEquals(65_526, doc.indexOf("\\ud83d"));
        return doc;
    }

    static String store(String json) {
        return given().contentType(ContentType.JSON).body(json.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    @Test
    void aSliceOverAnEscapedKeyCutByTheFirstReadIsServed() {
        String id = store(document());
        for (int i = 0; i < 2; i++) { // and again: nothing was distrusted or left broken by the first read
            InspectResourceTest.inspect(id, "slice:1..3").then().statusCode(200).body(equalTo("[" + PAIR + ",{\"b\":22}]"));
        }
    }

    @Test
    void everyReaderOfThatArrayAnswers() {
        String id = store(document());
        InspectResourceTest.inspect(id, "path:/1").then().statusCode(200).body(equalTo(PAIR));
        InspectResourceTest.inspect(id, "path:/1/\ud83d\ude00").then().statusCode(200).body(equalTo("1"));
        InspectResourceTest.inspect(id, "path: slice:1..3").then().statusCode(200).body(equalTo("[" + PAIR + ",{\"b\":22}]"));
        InspectResourceTest.inspect(id, "path:/1 keys:0..1").then().statusCode(200).body(equalTo("{\"\\ud83d\\ude00\":1}"));
        InspectResourceTest.inspect(id, null).then().statusCode(200).body(containsString("\ud83d\ude00: 1 (number)"));
    }

    @Test
    void anObjectMemberPageOverThatKeyIsServed() {
        String object = "{\"pad\":\"" + "x".repeat(65_515) + "\",\"\\ud83d\\ude00\":1,\"b\":2}";
        int escape = object.indexOf("\\ud83d");
        String id = store(object);
        assertEquals(65_526, escape);
        InspectResourceTest.inspect(id, "path: keys:1..3").then().statusCode(200).body(equalTo("{\"\\ud83d\\ude00\":1,\"b\":2}"));
        InspectResourceTest.inspect(id, "key:b").then().statusCode(200).body(equalTo("2"));
    }
}
