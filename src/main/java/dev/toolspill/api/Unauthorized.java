package dev.toolspill.api;

/**
 * What a 401 says, from the {@code Authorization} header of the request (never its key): the {@code WWW-Authenticate}
 * challenge (RFC 6750: {@code error="invalid_token"} when a bearer key was sent but is not valid) and a detail that
 * says what would work. The same whether Quarkus' security layer or Quarkus REST answers.
 */
record Unauthorized(String challenge, String detail) {

    static final String TITLE = "Unauthorized";
    private static final String REALM = "Bearer realm=\"toolspill\"";

    /**
     * From every {@code Authorization} header of the request: more than one is refused, whatever they hold. With
     * {@code jwts} (an issuer is configured) a bad token's detail names both ways in, whichever the token was meant as.
     */
    static Unauthorized of(java.util.List<String> authorizations, boolean jwts) {
        if (authorizations != null && authorizations.size() > 1) {
            return new Unauthorized(REALM + ", error=\"invalid_request\"",
                    "the request has " + authorizations.size() + " Authorization headers: send exactly one, 'Authorization: Bearer <key>'");
        }
        return of(authorizations == null || authorizations.isEmpty() ? null : authorizations.get(0), jwts);
    }

    static Unauthorized of(String authorization, boolean jwts) {
        if (authorization == null) {
            return new Unauthorized(REALM, "this path needs an API key: send it as 'Authorization: Bearer <key>'");
        }
        if (ApiKeyMechanism.bearerKey(authorization) == null) {
            return new Unauthorized(REALM,
                    "the Authorization header does not hold a bearer key: send the API key as 'Authorization: Bearer <key>'");
        }
        if (jwts) {
            return new Unauthorized(REALM + ", error=\"invalid_token\"", "the bearer token is not valid here: send an API key whose "
                    + "SHA-256 digest is configured for your tenant (toolspill.auth.keys), or a current JWT of the configured issuer "
                    + "that names your tenant");
        }
        return new Unauthorized(REALM + ", error=\"invalid_token\"",
                "the API key is not valid here: send a key whose SHA-256 digest is configured for your tenant (toolspill.auth.keys)");
    }
}
