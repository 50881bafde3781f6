package dev.toolspill.auth;

import io.quarkus.logging.Log;
import io.smallrye.jwt.auth.principal.DefaultJWTTokenParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.KeyLocationResolver;
import org.jose4j.http.Get;
import org.jose4j.keys.resolvers.VerificationKeyResolver;
import org.jose4j.lang.UnresolvableKeyException;

import java.io.IOException;
import java.time.Duration;

/**
 * SmallRye JWT's token parser, with the issuer's key fetched within a deadline. Left to its defaults, jose4j fetches a
 * JWKS URL with a 20 s connect and a 20 s read timeout and three retries (some 80 s), under a lock every other JWT
 * waits on, and the next JWT tries again: a stalled identity provider held each JWT request that long, one after
 * another. Here one fetch may take {@code toolspill.auth.jwt.jwks-timeout} to connect and as long for each read, with
 * no retry, and after a failed first load (nothing, or nothing that is a key) every JWT is refused at once for that
 * long before the next try. A failed load is logged at WARN without the location (it may name a host).
 */
final class BoundedKeyParser extends DefaultJWTTokenParser {

    /** The verification settings and the fetch deadline, which the key resolver reads while SmallRye constructs it. */
    static final class Settings extends JWTAuthContextInfo {
        private final Duration fetchTimeout;

        Settings(String keyLocation, String issuer, Duration fetchTimeout) {
            super(keyLocation, issuer);
            this.fetchTimeout = fetchTimeout;
        }
    }

    private final Object lock = new Object();
    private volatile VerificationKeyResolver resolver;
    private long retryAt; // System.nanoTime(); guarded by lock
    private boolean failed; // guarded by lock

    @Override
    protected VerificationKeyResolver getVerificationKeyResolver(JWTAuthContextInfo info) throws UnresolvableKeyException {
        VerificationKeyResolver loaded = resolver;
        if (loaded != null) {
            return loaded;
        }
        synchronized (lock) {
            if (resolver == null) {
                if (failed && System.nanoTime() - retryAt < 0) {
                    throw new UnresolvableKeyException("the issuer's key could not be loaded a moment ago");
                }
                Duration timeout = ((Settings) info).fetchTimeout;
                try {
                    Resolver built = new Resolver(info);
                    if (!built.holdsAKey()) {
                        // SmallRye keeps a resolver without a key when the location held none (a JWKS URL that answered
                        // an HTML error page): kept, it would refuse every JWT and never fetch again
                        throw new UnresolvableKeyException("the key location holds no key");
                    }
                    resolver = built;
                } catch (UnresolvableKeyException | RuntimeException e) {
                    failed = true;
                    retryAt = System.nanoTime() + timeout.toNanos();
                    Log.warnf("JWTs are refused: the issuer's key (toolspill.auth.jwt.public-key-location) could not be loaded; "
                            + "next try in %s", timeout);
                    throw e;
                }
            }
            return resolver;
        }
    }

    /** SmallRye's resolver of a key location, whose HTTP fetches keep to the deadline and are not retried. */
    private static final class Resolver extends KeyLocationResolver {
        Resolver(JWTAuthContextInfo info) throws UnresolvableKeyException {
            super(info);
        }

        boolean holdsAKey() {
            return key != null || (jsonWebKeys != null && !jsonWebKeys.isEmpty()) || httpsJwks != null;
        }

        /**
         * A URL that did not answer a JWKS is read once more, as a PEM: by SmallRye with no timeout and no size limit,
         * here with the same bounded fetch (a file is read as SmallRye reads it).
         */
        @Override
        protected String readKeyContent(String location) throws IOException {
            boolean url = location.regionMatches(true, 0, "http://", 0, 7) || location.regionMatches(true, 0, "https://", 0, 8);
            return url ? getHttpGet().get(location).getBody() : super.readKeyContent(location);
        }

        @Override
        protected Get getHttpGet() {
            // called while the superclass constructs, so the deadline comes from the settings, not a field of this class
            int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, ((Settings) authContextInfo).fetchTimeout.toMillis()));
            Get get = new Get();
            get.setConnectTimeout(millis);
            get.setReadTimeout(millis);
            get.setRetries(0);
            return get;
        }
    }
}
