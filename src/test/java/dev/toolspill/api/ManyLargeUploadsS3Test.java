package dev.toolspill.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.TestDigests;
import dev.toolspill.blob.s3.S3Profile;
import dev.toolspill.ingest.IngestMemory;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Many large uploads at once share the replica's ingest memory ({@code toolspill.ingest.held-bytes}, 2 MiB in
 * {@link S3Profile}) instead of each holding up to 512 KiB between its stages: 200 such uploads to S3 ran a 256 MiB
 * heap out of memory. Each is still stored byte-exact.
 */
@QuarkusTest
@TestProfile(S3Profile.class) // held-bytes 2 MiB, with the other S3 tests: one application
class ManyLargeUploadsS3Test {

    static final int UPLOADS = 12;
    static final int SIZE = 2 * 1024 * 1024;
    /** What one body may hold past the budget: the chunk it had asked for (64 KiB) and its redaction window's growth. */
    static final long OVER_PER_BODY = 192 * 1024;

    @Inject
    IngestMemory memory;

    @TestHTTPResource("/v1/tool-outputs?tool=large")
    URL uploads;

    @TestHTTPResource("/v1/blobs/")
    URL blobs;

    @Test
    void manyLargeUploadsAtOnceShareTheIngestMemoryAndAreStoredByteExact() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<String> bodies = IntStream.range(0, UPLOADS).mapToObj(ManyLargeUploadsS3Test::body).toList();
        memory.takePeak();
        List<CompletableFuture<HttpResponse<String>>> answers = bodies.stream().map(body -> http.sendAsync(
                HttpRequest.newBuilder(URI.create(uploads.toString())).header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString())).toList();
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).join();
        long peak = memory.takePeak();

        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < UPLOADS; i++) {
            HttpResponse<String> answer = answers.get(i).join();
            assertEquals(200, answer.statusCode(), answer.body());
            String id = json.readTree(answer.body()).path("blob").path("id").asText();
            HttpResponse<byte[]> stored = http.send(HttpRequest.newBuilder(URI.create(blobs + id)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(TestDigests.sha256(bodies.get(i)), TestDigests.sha256(new String(stored.body(), StandardCharsets.UTF_8)),
                    "upload " + i + " stored byte-exact");
        }
        long bound = memory.total() + UPLOADS * OVER_PER_BODY;
        assertTrue(peak <= bound, "held at once " + peak + " bytes, over the budget " + memory.total() + " + " + UPLOADS
                + " bodies x " + OVER_PER_BODY + " = " + bound + " (each body alone may hold 512 KiB)");
        assertTrue(peak >= memory.total(), "the uploads used the whole budget (" + peak + " of " + memory.total()
                + " bytes), else this shows nothing");
    }

    @Test
    void largeUploadsOnOneHttp2ConnectionWaitingForPartMemoryDoNotHoldUpTheOthers() throws Exception {
        // 4 uploads of 10 MiB at once on one connection, with part memory for two parts (S3Profile): some wait for it
        // with their stream's window full while the others finish their parts. (This size does not stall with the
        // connection's window at its default either; 32 uploads of up to 20 MB on one connection did: CHANGELOG.)
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> upgraded = http.send(HttpRequest.newBuilder(URI.create(uploads.toString().replace(
                "/v1/tool-outputs?tool=large", "/q/health/ready"))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, upgraded.version(), "the uploads below share this one HTTP/2 connection");
        List<String> bodies = IntStream.range(0, 4).mapToObj(n -> body(n, 10 * 1024 * 1024)).toList();
        List<CompletableFuture<HttpResponse<String>>> answers = bodies.stream().map(body -> http.sendAsync(
                HttpRequest.newBuilder(URI.create(uploads.toString())).header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString())).toList();
        for (int i = 0; i < bodies.size(); i++) {
            HttpResponse<String> answer = answers.get(i).join();
            assertEquals(200, answer.statusCode(), "upload " + i + ": " + answer.body());
            assertEquals(HttpClient.Version.HTTP_2, answer.version());
            String id = new ObjectMapper().readTree(answer.body()).path("blob").path("id").asText();
            HttpResponse<byte[]> stored = http.send(HttpRequest.newBuilder(URI.create(blobs + id)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(TestDigests.sha256(bodies.get(i)), TestDigests.sha256(new String(stored.body(), StandardCharsets.UTF_8)),
                    "upload " + i + " stored byte-exact");
        }
    }

    /** Lines of text, unique to upload n. */
    static String body(int n) {
        return body(n, SIZE);
    }

    static String body(int n, int size) {
        StringBuilder text = new StringBuilder(size + 100);
        for (int line = 0; text.length() < size; line++) {
            text.append("upload ").append(n).append(" line ").append(line).append(" of a large tool output, text to scan\n");
        }
        return text.substring(0, size);
    }
}
