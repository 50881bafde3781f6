package dev.toolspill.tool.remote;

import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;

import java.util.function.Function;

/**
 * One response of a remote tool, received within its budgets: at most {@code maxBytes} (the request is reset beyond
 * that), from the shared {@link ResponseMemory}, and given up for real when the call is abandoned: the request is
 * reset, so the download stops and the connection is released.
 */
final class RemoteExchange {

    /** A whole response: status and body. */
    record Response(int status, String statusMessage, String body) {
    }

    /** What ended an exchange early, worded for the model by the tool. */
    enum Refusal { TOO_LARGE, NO_MEMORY }

    static final class RefusedResponse extends RuntimeException {
        final Refusal refusal;

        RefusedResponse(Refusal refusal) {
            super(refusal.name(), null, false, false);
            this.refusal = refusal;
        }
    }

    private final UniEmitter<? super Response> emitter;
    private final ResponseMemory memory;
    private final long maxBytes;
    private final Function<Throwable, Throwable> describe;
    private HttpClientRequest request;
    private Buffer body = Buffer.buffer();
    private long taken;
    private boolean done;

    RemoteExchange(UniEmitter<? super Response> emitter, ResponseMemory memory, long maxBytes, Function<Throwable, Throwable> describe) {
        this.emitter = emitter;
        this.memory = memory;
        this.maxBytes = maxBytes;
        this.describe = describe;
        emitter.onTermination(this::abandon);
    }

    void start(HttpClientRequest request, Buffer arguments) {
        this.request = request;
        request.exceptionHandler(this::fail);
        request.send(arguments).onComplete(sent -> {
            if (sent.failed()) {
                fail(sent.cause());
            } else {
                receive(sent.result());
            }
        });
    }

    private void receive(HttpClientResponse response) {
        response.exceptionHandler(this::fail);
        response.handler(chunk -> {
            if (done) {
                return;
            }
            if (body.length() + (long) chunk.length() > maxBytes) {
                refuse(Refusal.TOO_LARGE);
            } else if (!memory.tryTake(chunk.length())) {
                refuse(Refusal.NO_MEMORY);
            } else {
                taken += chunk.length();
                body.appendBuffer(chunk);
            }
        });
        response.endHandler(ignored -> {
            if (!done) {
                done = true;
                String text = body.toString(java.nio.charset.StandardCharsets.UTF_8);
                release();
                emitter.complete(new Response(response.statusCode(), response.statusMessage(), text));
            }
        });
    }

    private void refuse(Refusal refusal) {
        fail(new RefusedResponse(refusal));
    }

    void fail(Throwable failure) {
        if (done) {
            return;
        }
        done = true;
        reset();
        release();
        emitter.fail(failure instanceof RefusedResponse ? failure : describe.apply(failure));
    }

    /** The call was abandoned (timeout, cancellation) or ended: stop receiving and free what was held. */
    private void abandon() {
        if (!done) {
            done = true;
            reset();
            release();
        }
    }

    private void reset() {
        if (request != null) {
            request.reset();
        }
    }

    private void release() {
        memory.give(taken);
        taken = 0;
        body = Buffer.buffer();
    }
}
