package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.RouteOrder;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The operator console's pages at {@code /console}: two static pages, a script, a style sheet and an icon (classpath
 * {@code console/}), open without a key because they hold no data; the data comes from {@link ConsoleResource} with
 * the key the page keeps in {@code sessionStorage} and sends as {@code Authorization: Bearer}. No cookie is ever set,
 * so no other site can make a request that carries the key (no CSRF). Every answer under {@code /console} says: no
 * script or style but this origin's files, no framing, no caching ({@code no-store}), no sniffing, no referrer.
 */
@ApplicationScoped
public class ConsoleRoutes {

    static final String HOME = ApiPaths.CONSOLE;
    static final String CALL = HOME + "/call";
    static final String SCRIPT = HOME + "/console.js";
    static final String STYLE = HOME + "/console.css";
    static final String ICON = HOME + "/icon.svg";
    /** The pages anyone may fetch; everything else under {@code /console} needs a key. */
    static final String[] OPEN = {HOME, CALL, SCRIPT, STYLE, ICON};
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    private record Asset(String type, Buffer body) {
    }

    private final Map<String, Asset> assets = Map.of(
            HOME, asset("index.html", "text/html; charset=utf-8"),
            CALL, asset("call.html", "text/html; charset=utf-8"),
            SCRIPT, asset("console.js", "text/javascript; charset=utf-8"),
            STYLE, asset("console.css", "text/css; charset=utf-8"),
            ICON, asset("icon.svg", "image/svg+xml"));

    void install(@Observes Router router) {
        router.route().order(RouteOrder.CONSOLE_HEADERS.order()).handler(context -> {
            if (underConsole(context.request().path())) {
                context.addHeadersEndHandler(ended -> harden(context.response().headers()));
            }
            context.next();
        });
        assets.forEach((path, asset) -> router.route(HttpMethod.GET, path).handler(context -> context.response()
                .putHeader("Content-Type", asset.type()).end(asset.body())));
    }

    /**
     * Whether a path as sent names {@code /console} or a path under it, whatever its spelling: escapes decoded
     * ({@code %2e}, {@code %2F}), any segment of it, before {@code ..} or after, any case, anything after {@code console}
     * in its segment. It may say yes to a path the router would not
     * serve as the console ({@code /consoles}): those answers are only hardened the more.
     */
    static boolean underConsole(String raw) {
        if (raw == null) {
            return false;
        }
        for (String spelled : decoded(raw).split("[/\\\\]+")) {
            if (spelled.toLowerCase(java.util.Locale.ROOT).startsWith(HOME.substring(1))) {
                return true; // wherever '..' takes the path after it (/console/%2e%2e/): hardened the more
            }
        }
        return false;
    }

    /** {@code %XX} escapes decoded (twice, for {@code %252e}) as Latin-1; a malformed one kept as it is. */
    private static String decoded(String path) {
        String text = path;
        for (int round = 0; round < 2 && text.indexOf('%') >= 0; round++) {
            StringBuilder out = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                int value = c == '%' && i + 2 < text.length() ? hex(text.charAt(i + 1), text.charAt(i + 2)) : -1;
                if (value >= 0) {
                    out.append((char) value);
                    i += 2;
                } else {
                    out.append(c);
                }
            }
            text = out.toString();
        }
        return text;
    }

    private static int hex(char high, char low) {
        int h = Character.digit(high, 16);
        int l = Character.digit(low, 16);
        return h < 0 || l < 0 ? -1 : h * 16 + l;
    }

    private static void harden(MultiMap headers) {
        headers.set("Content-Security-Policy", POLICY);
        headers.set(CachePolicy.CACHE_CONTROL, "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("Cross-Origin-Opener-Policy", "same-origin");
    }

    private static Asset asset(String name, String type) {
        try (InputStream in = ConsoleRoutes.class.getClassLoader().getResourceAsStream("console/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's " + name + " is missing from the build");
            }
            return new Asset(type, Buffer.buffer(in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
