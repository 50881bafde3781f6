package dev.toolspill.http;

/**
 * The route table of the HTTP edge: every raw Vert.x route whose place in the order matters, in the order the router
 * runs them, and why it is a raw route and not a Quarkus REST resource (each acts before REST: on every path, before
 * a body is read, or before Quarkus' own handlers). Quarkus' routes sit between them: authentication and
 * authorization at -100, its body cap at -2, REST after 0. Every installer takes its place from here, so the sequence
 * reads in one place; a test checks that no other class writes an order of its own and that no two share one. Not
 * here, because their place does not matter: the console's static assets (GET routes of their own paths, at the
 * default order) and the failure handlers (they run only when a route failed).
 */
public enum RouteOrder {

    /** {@code X-Content-Type-Options: nosniff} on every answer, Quarkus' and Vert.x's own included. */
    NOSNIFF(Integer.MIN_VALUE),
    /** The console's hardened headers on every answer under {@code /console}, the 400 of {@link #CANONICAL_PATH} too. */
    CONSOLE_HEADERS(Integer.MIN_VALUE + 1),
    /** A path that is not canonical gets 400 problem+json before authentication: REST would match it normalised. */
    CANONICAL_PATH(Integer.MIN_VALUE + 2),
    /** Who may keep an answer ({@code Cache-Control}, {@code Vary}), set on every answer as its headers end. */
    CACHE_POLICY(Integer.MIN_VALUE + 3),
    /** Ambiguous framing (a length and chunks, two lengths) refused before anything reads a byte of a body. */
    FRAMING(-300),
    /** While shutting down, new requests get 503 and those in flight finish. */
    SHUTDOWN_DRAIN(-200),
    /** Per-tenant rates and concurrent uploads, after Quarkus' authentication (-100) names the tenant. */
    TENANT_LIMITS(-99),
    /** Body caps by route and the buffered-body budget, before a body is read; after the 401 of a missing key. */
    BODY_LIMITS(-98),
    /** The replica's upload permits, on the routes that store outputs. */
    INGEST_ADMISSION(-90),
    /** MCP's GET and the legacy SSE paths answer 405/410: this server is stateless, without streams. */
    MCP_WITHOUT_STREAMS(-89),
    /** MCP tools/call with {@code "arguments": null} read as no arguments, before the MCP library sees the body. */
    MCP_NULL_ARGUMENTS(-80),
    /** An MCP message the library would fail on with a 500 gets 400 problem+json; after the body is read. */
    MCP_MESSAGE_CHECK(-79),
    /**
     * OPTIONS on a path of the REST resources names the methods a 405 there names, where Quarkus REST's own answer
     * would list some that answer 405; after every policy, as that answer was. A CORS preflight never gets here when
     * CORS is on: Quarkus' CORS filter (-300) answers it.
     */
    OPTIONS(-4),
    /** The body cap as problem+json, just before Quarkus' own (-2), which would answer an empty 413. */
    BODY_CAP(-3),
    /** {@code POST /v1/tool-outputs}: the upload streams into the store, which REST would buffer whole. */
    INGEST(-1);

    private final int order;

    RouteOrder(int order) {
        this.order = order;
    }

    /** The Vert.x route order: lower runs first. */
    public int order() {
        return order;
    }
}
