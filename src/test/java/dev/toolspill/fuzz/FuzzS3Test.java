package dev.toolspill.fuzz;

import dev.toolspill.Depth;
import dev.toolspill.api.AuthS3Profile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The fuzz run on the S3 store, against the run's S3 server. */
@QuarkusTest
@TestProfile(AuthS3Profile.class) // with TenantsS3Test: one application
class FuzzS3Test extends FuzzContract {

    @Override
    int defaultRequests() {
        return Depth.of(800, 4000);
    }

    @Override
    String store() {
        return "s3";
    }
}
