package dev.toolspill.fuzz;

import dev.toolspill.Depth;
import dev.toolspill.api.AuthJwtQuotasProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The fuzz run on the filesystem store, in the application of the JWT and tenant-limit tests (its caps and key among them). */
@QuarkusTest
@TestProfile(AuthJwtQuotasProfile.class)
class FuzzFsTest extends FuzzContract {

    @Override
    int defaultRequests() {
        return Depth.of(1200, 6000);
    }

    @Override
    String store() {
        return "fs";
    }
}
