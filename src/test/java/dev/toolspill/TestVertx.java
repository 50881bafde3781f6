package dev.toolspill;

import io.vertx.mutiny.core.Vertx;

/** One Vert.x for the tests that build stores by hand, outside Quarkus; its threads end with the test JVM. */
public final class TestVertx {

    public static final Vertx VERTX = Vertx.vertx();

    private TestVertx() {
    }
}
