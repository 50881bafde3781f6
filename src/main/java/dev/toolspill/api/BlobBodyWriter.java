package dev.toolspill.api;

import dev.toolspill.blob.BlobDamagedException;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.CallerContext;
import io.quarkus.logging.Log;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.mutiny.core.buffer.Buffer;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyWriter;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.security.MessageDigest;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes a {@link BlobBody} straight to the Vert.x response: a stream of chunks with backpressure (the next chunk is asked for only when the connection can take it), so
 * memory stays flat for any blob size. A failure before the first byte still becomes a problem+json answer
 * through the exception mappers; after it, the connection is reset so the client sees a short body, never a
 * complete-looking wrong one. A body with a recorded SHA-256 is digested as it goes and its last chunk held back until
 * the digest is known: bytes that do not match end the response the same way, and the mismatch is logged as an error.
 */
@Provider
public class BlobBodyWriter implements ServerMessageBodyWriter<BlobBody> {

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo target, MediaType mediaType) {
        return BlobBody.class.isAssignableFrom(type);
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return BlobBody.class.isAssignableFrom(type);
    }

    @Override
    public void writeResponse(BlobBody body, Type genericType, ServerRequestContext context) {
        ResteasyReactiveRequestContext request = (ResteasyReactiveRequestContext) context;
        HttpServerResponse response = request.serverRequest().unwrap(HttpServerResponse.class);
        // the request stays open until the last byte is out; Completion resumes it
        request.suspend();
        Completion completion = new Completion(request, response);
        // back on the request's event loop, where write-queue state and drain handlers belong; a buffer of one
        // chunk, since emitOn would otherwise read up to 256 chunks (16 MiB) ahead of a slow client
        body.chunks().emitOn(CallerContext.executor(), 1)
                .subscribe().withSubscriber(new ChunkWriter(response, body, completion));
    }

    @Override
    public void writeTo(BlobBody body, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> httpHeaders, OutputStream entityStream) {
        throw new UnsupportedOperationException("a blob body is streamed to the connection, never through an OutputStream");
    }

    /** Ends the suspended request exactly once, whichever of success, failure or a closed connection comes first. */
    private static final class Completion {
        private final ResteasyReactiveRequestContext request;
        private final HttpServerResponse response;
        private final AtomicBoolean done = new AtomicBoolean();

        Completion(ResteasyReactiveRequestContext request, HttpServerResponse response) {
            this.request = request;
            this.response = response;
        }

        void finish(Throwable failure) {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            if (failure == null || response.closed()) {
                // sent, or the client went away: nothing more can be said on this connection
                request.resume();
            } else if (!response.headWritten()) {
                // nothing sent yet: the exception mappers can still answer with problem+json
                request.resume(failure instanceof RuntimeException ? failure
                        : new BlobStoreException("could not send the blob: " + failure.getMessage(), failure), true);
            } else {
                // a bare IOException comes from the connection (a client that went away mid-send); store failures
                // arrive as BlobStoreException and are worth a warning
                if (failure instanceof IOException) {
                    Log.debugf(failure, "Blob body cut short by the connection");
                } else {
                    Log.warnf(failure, "Blob body failed after its headers were sent; resetting the connection");
                }
                response.reset();
                request.resume();
            }
        }
    }

    /** Writes each chunk, and asks for the next one only once the connection's write queue has room. */
    private static final class ChunkWriter implements Flow.Subscriber<Buffer> {
        private final HttpServerResponse response;
        private final long length;
        private final Completion completion;
        private final BlobBody body;
        private final MessageDigest digest;
        private Flow.Subscription subscription;
        private long written;
        /** With a digest to check: the last chunk seen, sent only once the next one (or a matching digest) arrives. */
        private Buffer held;

        ChunkWriter(HttpServerResponse response, BlobBody body, Completion completion) {
            this.response = response;
            this.length = body.length();
            this.completion = completion;
            this.body = body;
            this.digest = body.sha256() == null ? null : BlobRecord.newDigest();
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            // the client went away: stop reading and let the store release the blob
            response.closeHandler(closed -> {
                subscription.cancel();
                completion.finish(null);
            });
            subscription.request(1);
        }

        @Override
        public void onNext(Buffer chunk) {
            written += chunk.length();
            if (written > length) {
                // more than Content-Length would corrupt the next response on this connection
                subscription.cancel();
                completion.finish(new BlobStoreException("the blob stream gave more than its " + length + " bytes", null));
                return;
            }
            if (digest != null) {
                digest.update(chunk.getDelegate().getByteBuf().nioBuffer());
                Buffer previous = held;
                held = chunk;
                if (previous == null) {
                    subscription.request(1);
                    return;
                }
                chunk = previous;
            }
            write(chunk);
        }

        private void write(Buffer chunk) {
            send(chunk);
            if (response.writeQueueFull()) {
                response.drainHandler(drained -> {
                    response.drainHandler(null);
                    subscription.request(1);
                });
            } else {
                subscription.request(1);
            }
        }

        private void send(Buffer chunk) {
            if (!response.headWritten()) {
                // set only now, so that a failure before the first chunk leaves the headers clean for a problem answer
                response.putHeader(HttpHeaders.CONTENT_LENGTH, Long.toString(length));
            }
            response.write(chunk.getDelegate());
        }

        @Override
        public void onError(Throwable failure) {
            completion.finish(failure);
        }

        @Override
        public void onComplete() {
            if (written != length) {
                completion.finish(new BlobStoreException("the blob stream ended after " + written + " of " + length + " bytes", null));
                return;
            }
            if (digest != null) {
                String actual = BlobRecord.hex(digest.digest());
                if (!actual.equals(body.sha256())) {
                    Log.errorf("Blob %s does not match the SHA-256 recorded when it was written (recorded %s, read %s): "
                            + "the response was cut off; POST /v1/blobs/%s/verify checks it", body.id(), body.sha256(), actual, body.id());
                    completion.finish(new BlobDamagedException(body.id()));
                    return;
                }
                if (held != null) {
                    send(held);
                }
            }
            response.end();
            completion.finish(null);
        }
    }
}
