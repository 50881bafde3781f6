package dev.toolspill.tool.remote;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.Flow;
import java.util.function.Function;

/**
 * A remote tool's answer as a stream with back-pressure, read on its event loop: chunks are handed on only as they
 * are requested, and the response is paused while more than {@value #HIGH} bytes wait (resumed below {@value #LOW}), so
 * an answer of any size holds at most about half a megabyte here. One subscriber. Cancelling it, or
 * {@link #close}, before the end abandons the answer: {@code abandon} resets the request, so the download stops and the
 * connection is released. Every step runs on the response's context.
 */
final class ResponseStream implements Flow.Publisher<io.vertx.mutiny.core.buffer.Buffer> {

    static final int HIGH = 512 * 1024;
    static final int LOW = 128 * 1024;

    private final ArrayDeque<Buffer> queue = new ArrayDeque<>();
    private final HttpClientResponse response;
    private final Context context;
    private final Runnable abandon;
    private final Function<Throwable, Throwable> describe;
    private Flow.Subscriber<? super io.vertx.mutiny.core.buffer.Buffer> subscriber;
    private long demand;
    private long queued;
    private boolean paused;
    private boolean ended;
    private boolean closed;
    private boolean terminated;
    private IOException failure;

    ResponseStream(HttpClientResponse response, Context context, Runnable abandon, Function<Throwable, Throwable> describe) {
        this.response = response;
        this.context = context;
        this.abandon = abandon;
        this.describe = describe;
    }

    private void onContext(Runnable step) {
        // a worker hop runs with its caller's context as current: only the context's own event loop may step directly
        if (Vertx.currentContext() == context && Context.isOnEventLoopThread()) {
            step.run();
        } else {
            context.runOnContext(ignored -> step.run());
        }
    }

    /** On the event loop: a chunk of the answer. */
    void offer(Buffer chunk) {
        if (closed || failure != null) {
            return;
        }
        queue.add(chunk);
        queued += chunk.length();
        if (queued > HIGH && !paused) {
            paused = true;
            response.pause();
        }
        drain();
    }

    /** On the event loop: the answer is complete. */
    void end() {
        ended = true;
        drain();
    }

    /** The exchange failed (connection lost, timed out): the reader gets a message the model can act on. */
    void fail(Throwable cause) {
        onContext(() -> {
            if (failure == null && !ended) {
                Throwable described = describe.apply(cause);
                failure = new IOException(described.getMessage(), described);
            }
            drain();
        });
    }

    @Override
    public void subscribe(Flow.Subscriber<? super io.vertx.mutiny.core.buffer.Buffer> next) {
        onContext(() -> {
            if (subscriber != null) {
                next.onSubscribe(new Flow.Subscription() {
                    @Override
                    public void request(long n) {
                    }

                    @Override
                    public void cancel() {
                    }
                });
                next.onError(new IllegalStateException("a tool's answer is read once"));
                return;
            }
            subscriber = next;
            next.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {
                    onContext(() -> {
                        demand += n;
                        drain();
                    });
                }

                @Override
                public void cancel() {
                    close();
                }
            });
            drain();
        });
    }

    private void drain() {
        if (subscriber == null || terminated || closed) {
            return;
        }
        while (demand > 0 && !queue.isEmpty()) {
            Buffer chunk = queue.poll();
            queued -= chunk.length();
            demand--;
            subscriber.onNext(io.vertx.mutiny.core.buffer.Buffer.newInstance(chunk));
        }
        if (paused && queued < LOW) {
            paused = false;
            response.resume();
        }
        if (queue.isEmpty() && (failure != null || ended)) {
            terminated = true;
            if (failure != null) {
                subscriber.onError(failure);
            } else {
                subscriber.onComplete();
            }
        }
    }

    /** Done with the answer; before its end this abandons the rest. Safe from any thread, any number of times. */
    void close() {
        onContext(() -> {
            if (closed) {
                return;
            }
            closed = true;
            boolean early = !ended || !queue.isEmpty();
            queue.clear();
            queued = 0;
            if (early) {
                abandon.run();
            }
        });
    }
}
