package dev.toolspill.inspect.selector;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code lines:} and {@code bytes:} selectors through the real HTTP layer on random stored texts, each answer
 * compared byte for byte with a reference cut here from the bytes the test sent. Seeded
 * ({@code -Dproperty.seed=N} replays a failure).
 */
@QuarkusTest
class SelectorPropertyTest {

    static final long SEED = Long.getLong("property.seed", System.nanoTime());
    static final String[] PIECES = {"word ", "ünï ", "日本 ", "😀", "\t", "x", "é", "-", "0"};

    static String randomLine(Random random) {
        StringBuilder line = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
            line.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return line.toString();
    }

    static String store(String text) {
        return given().contentType(ContentType.TEXT.withCharset("UTF-8")).body(text.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/tool-outputs?tool=t").then().statusCode(200).extract().path("blob.id");
    }

    static byte[] inspect(String id, String selector) {
        return given().queryParam("selector", selector).when().get("/v1/blobs/" + id + "/inspect")
                .then().statusCode(200).extract().asByteArray();
    }

    @Test
    void linesSelectExactlyThoseLinesWithTheirEnds() {
        Random random = new Random(SEED);
        for (int blob = 0; blob < 4; blob++) {
            List<String> lines = new ArrayList<>();
            for (int i = 60 + random.nextInt(60); i > 0; i--) {
                lines.add(randomLine(random) + (random.nextInt(6) == 0 ? "\r\n" : "\n"));
            }
            String id = store(String.join("", lines));
            for (int round = 0; round < 15; round++) {
                int first = 1 + random.nextInt(lines.size());
                int last = first + random.nextInt(Math.min(30, lines.size() - first + 1));
                String expected = String.join("", lines.subList(first - 1, last));
                assertEquals(expected, new String(inspect(id, "lines:" + first + "-" + last), StandardCharsets.UTF_8),
                        "seed " + SEED + ", blob " + blob + ", lines:" + first + "-" + last);
            }
        }
    }

    @Test
    void bytesSelectWholeCharactersAndAdjacentReadsJoinUp() {
        Random random = new Random(SEED + 1);
        for (int blob = 0; blob < 3; blob++) {
            StringBuilder text = new StringBuilder();
            for (int i = 80 + random.nextInt(40); i > 0; i--) {
                text.append(randomLine(random)).append('\n');
            }
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            String id = store(text.toString());
            for (int round = 0; round < 12; round++) {
                int start = boundaryAtOrAfter(bytes, random.nextInt(bytes.length - 1));
                int end = Math.min(bytes.length, start + 1 + random.nextInt(400));
                int moved = boundaryAtOrAfter(bytes, end);
                byte[] expected = Arrays.copyOfRange(bytes, start, moved);
                byte[] answer = inspect(id, "bytes:" + start + ".." + end);
                String context = "seed " + SEED + ", blob " + blob + ", bytes:" + start + ".." + end;
                if (moved == end) {
                    assertArrayEquals(expected, answer, context);
                } else {
                    assertArrayEquals(expected, Arrays.copyOf(answer, expected.length), context);
                }
                if (moved < bytes.length) { // the next read starts where this one ended: together they are bytes:start..next
                    int next = Math.min(bytes.length, moved + 1 + random.nextInt(200));
                    int nextMoved = boundaryAtOrAfter(bytes, next);
                    byte[] second = inspect(id, "bytes:" + moved + ".." + nextMoved);
                    assertArrayEquals(Arrays.copyOfRange(bytes, moved, nextMoved), second, context + " then bytes:" + moved + ".." + nextMoved);
                }
            }
        }
    }

    /** The first character boundary at or after {@code at}: not a UTF-8 continuation byte (10xxxxxx). */
    static int boundaryAtOrAfter(byte[] bytes, int at) {
        while (at < bytes.length && (bytes[at] & 0xC0) == 0x80) {
            at++;
        }
        return at;
    }
}
