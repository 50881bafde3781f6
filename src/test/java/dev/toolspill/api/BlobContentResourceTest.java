package dev.toolspill.api;

import io.quarkus.test.junit.QuarkusTest;

/** The blob content API on the default filesystem store, which sends local files zero-copy. */
@QuarkusTest
class BlobContentResourceTest extends BlobContentContractTest {
}
