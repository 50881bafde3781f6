package dev.toolspill.api;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;

import java.net.URL;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** HTTP/2 in clear text with prior knowledge (h2c), as a proxy speaks it: every exchange on one connection. */
final class Http2Exchange implements AutoCloseable {

    record Answer(int status, String body) {
    }

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient client = vertx.createHttpClient(new HttpClientOptions()
            .setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false).setHttp2MaxPoolSize(1));
    private final URL root;

    Http2Exchange(URL root) {
        this.root = root;
    }

    /** An exchange; {@code body} null sends none, and {@code unknownLength} sends it without a Content-Length. */
    Answer send(HttpMethod method, String path, Map<String, String> headers, String body, boolean unknownLength) throws Exception {
        return client.request(method, root.getPort(), root.getHost(), path).compose(request -> {
            headers.forEach(request::putHeader);
            if (body == null) {
                return request.send();
            }
            if (unknownLength) {
                request.setChunked(true);
                request.write(body.substring(0, Math.min(10, body.length())));
                return request.end(body.substring(Math.min(10, body.length()))).compose(v -> request.response());
            }
            return request.send(body);
        }).compose(response -> response.body().map(bytes -> new Answer(response.statusCode(), bytes.toString())))
                .toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
