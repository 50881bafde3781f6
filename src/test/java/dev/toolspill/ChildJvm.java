package dev.toolspill;

import java.nio.file.Path;

/** What the tests need to start a JVM of its own beside them: the packaged app of an IT, S3Proxy. */
public final class ChildJvm {

    /** The {@code java} binary of the JVM that runs the tests. */
    public static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /**
     * The C1 compiler only: an app of an IT (or S3Proxy) serves a few thousand requests at most, and starts in about
     * half the time (the app: 3.8 s against 7.0 s on the 2 shared cores); what it answers does not depend on the compiler.
     */
    public static final String QUICK_START = "-XX:TieredStopAtLevel=1";

    private ChildJvm() {
    }
}
