package dev.toolspill.fuzz;

import dev.toolspill.Depth;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import java.util.HashMap;
import java.util.Map;

/** The fuzz run on the filesystem store. */
@QuarkusTest
@TestProfile(FuzzFsTest.Profile.class)
class FuzzFsTest extends FuzzContract {

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> config = new HashMap<>(caps());
            config.put("toolspill.blob-store.fs.root", "target/test-data-fuzz");
            return config;
        }
    }

    @Override
    int defaultRequests() {
        return Depth.of(1200, 6000);
    }

    @Override
    String store() {
        return "fs";
    }
}
