package dev.toolspill.fuzz;

import dev.toolspill.Depth;
import dev.toolspill.blob.s3.S3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import java.util.Map;

/** The fuzz run on the S3 store, against a real S3 server of its own. */
@QuarkusTest
@TestProfile(FuzzS3Test.Profile.class)
class FuzzS3Test extends FuzzContract {

    public static class Profile extends S3Profile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return caps();
        }
    }

    @Override
    int defaultRequests() {
        return Depth.of(800, 4000);
    }

    @Override
    String store() {
        return "s3";
    }
}
