package dev.toolspill.retention;

import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.time.Duration;

/** Retention on S3, swept every 200 ms over ListObjectsV2; max-age in days. */
@QuarkusTest
@TestProfile(S3Profile.class) // retention 7d, every 200 ms, with the other S3 tests: one application
class S3RetentionTest extends RetentionContractTest {

    @Override
    protected Duration maxAge() {
        return Duration.ofDays(7);
    }

    @Override
    protected boolean holds(String name) {
        try (S3AsyncClient client = S3Profile.server.client()) {
            return S3Profile.server.holds(client, name);
        }
    }
}
