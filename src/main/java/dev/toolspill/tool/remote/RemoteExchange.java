package dev.toolspill.tool.remote;

import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;

/**
 * One response of a remote tool. An answer of up to {@code bufferedMax} bytes is received whole, in memory taken from
 * the shared {@link ResponseMemory}; a longer successful answer is handed over as a {@link ResponseStream} as soon as
 * it passes that size, so it is stored as it arrives and never held whole. An error answer is kept only up to that
 * size. A call abandoned before its answer is complete resets the request, so the download stops and the connection
 * is released.
 */
final class RemoteExchange {

    /** The answer: its status, and either its whole body or, when it is long, the stream of it. */
    record Response(int status, String statusMessage, String body, ResponseStream stream) {
    }

    /** What ended an exchange early, worded for the model by the tool. */
    enum Refusal { NO_MEMORY, NOT_UTF8 }

    static final class RefusedResponse extends RuntimeException {
        final Refusal refusal;

        RefusedResponse(Refusal refusal) {
            super(refusal.name(), null, false, false);
            this.refusal = refusal;
        }
    }

    private final UniEmitter<? super Response> emitter;
    private final ResponseMemory memory;
    private final long bufferedMax;
    private final Duration stallTimeout;
    private final Function<Throwable, Throwable> describe;
    private HttpClientRequest request;
    private Buffer body = Buffer.buffer();
    private long taken;
    private boolean done;
    private ResponseStream stream;

    RemoteExchange(UniEmitter<? super Response> emitter, ResponseMemory memory, long bufferedMax, Duration stallTimeout,
                   Function<Throwable, Throwable> describe) {
        this.emitter = emitter;
        this.memory = memory;
        this.bufferedMax = bufferedMax;
        this.stallTimeout = stallTimeout;
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
        boolean success = response.statusCode() / 100 == 2;
        response.exceptionHandler(this::fail);
        response.handler(chunk -> {
            if (stream != null) {
                stream.offer(chunk);
            } else if (!done) {
                take(response, chunk, success);
            }
        });
        response.endHandler(ignored -> {
            if (stream != null) {
                stream.end();
            } else if (!done) {
                complete(response);
            }
        });
    }

    private void take(HttpClientResponse response, Buffer chunk, boolean success) {
        if (body.length() + (long) chunk.length() > bufferedMax) {
            if (success) {
                streamFrom(response, chunk);
            } else {
                complete(response); // an error answer: its start is all the model needs
                reset();
            }
        } else if (!memory.tryTake(chunk.length())) {
            fail(new RefusedResponse(Refusal.NO_MEMORY));
        } else {
            taken += chunk.length();
            body.appendBuffer(chunk);
        }
    }

    /** The answer is longer than may be held: from here on it is read as a stream, the bytes so far first. */
    private void streamFrom(HttpClientResponse response, Buffer chunk) {
        Context context = Vertx.currentContext();
        stream = new ResponseStream(response, context, () -> context.runOnContext(ignored -> reset()), describe);
        stream.offer(body);
        stream.offer(chunk);
        done = true;
        taken = release(taken);
        body = null;
        emitter.complete(new Response(response.statusCode(), response.statusMessage(), null, stream));
    }

    private void complete(HttpClientResponse response) {
        done = true;
        boolean success = response.statusCode() / 100 == 2;
        String text;
        try {
            // an answer is kept exactly as sent, so it must be UTF-8 (the start of an error answer is only shown)
            text = success ? StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(body.getByteBuf().nioBuffer()).toString()
                    : body.toString(StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            taken = release(taken);
            body = Buffer.buffer();
            emitter.fail(new RefusedResponse(Refusal.NOT_UTF8));
            return;
        }
        taken = release(taken);
        body = Buffer.buffer();
        emitter.complete(new Response(response.statusCode(), response.statusMessage(), text, null));
    }

    void fail(Throwable failure) {
        if (stream != null) {
            stream.fail(failure);
            return;
        }
        if (done) {
            return;
        }
        done = true;
        reset();
        taken = release(taken);
        body = Buffer.buffer();
        emitter.fail(failure instanceof RefusedResponse ? failure : describe.apply(failure));
    }

    /** The call was abandoned (timeout, cancellation) before its answer was taken: stop receiving, free what was held. */
    private void abandon() {
        if (!done) {
            done = true;
            reset();
            taken = release(taken);
            body = Buffer.buffer();
        }
    }

    private void reset() {
        if (request != null) {
            request.reset();
        }
    }

    private long release(long bytes) {
        memory.give(bytes);
        return 0;
    }
}
