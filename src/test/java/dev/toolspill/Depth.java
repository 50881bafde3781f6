package dev.toolspill;

/**
 * How hard the seeded property and fuzz runs push. {@code ./mvnw verify} runs them quick, so the suite stays fast;
 * deep with {@code -Dtests.deep=true} or the environment variable {@code TOOLSPILL_TESTS_DEEP=true}, which
 * {@code .ci/run} sets for its {@code ./mvnw verify} (the 10,000 fuzz requests, every property a few thousand
 * rounds, in the same run instead of a second one). The same seeds either way: a quick run is the first part of the
 * deep one.
 */
public final class Depth {

    /** Not under {@code toolspill.}: Quarkus refuses to start with a system property of that prefix it does not map. */
    public static final boolean DEEP = Boolean.getBoolean("tests.deep") || "true".equals(System.getenv("TOOLSPILL_TESTS_DEEP"));

    private Depth() {
    }

    public static int of(int quick, int deep) {
        return DEEP ? deep : quick;
    }
}
