package dev.toolspill.ingest;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.subscription.MultiSubscriber;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.util.concurrent.Flow;

/**
 * Reads a body (a request's, a tool's answer) a chunk at a time, only when asked: the back-pressure of an upload (a
 * request body is paused between chunks). Every event runs on one Vert.x context, one at a time, so what extends it
 * needs no locks. A body that was asked for more and sent nothing for the stall timeout ({@link StallWatch}) is
 * dropped: {@code onStall} runs (it resets an HTTP/2 stream or closes an HTTP/1 connection, or resets a tool's request), then {@link #failed}.
 */
abstract class BodyReader implements MultiSubscriber<Buffer>, StallWatch.Watched {

    protected final Context context;
    private final Runnable onStall;
    private final StallWatch stalls;
    private final IngestMemory.Share memory;
    private Flow.Subscription source;
    private volatile boolean requested;
    private volatile long lastProgress = System.nanoTime();
    protected boolean sourceDone;

    BodyReader(Vertx vertx, Runnable onStall, StallWatch stalls, IngestMemory.Share memory) {
        this.context = vertx.getOrCreateContext();
        this.onStall = onStall;
        this.stalls = stalls;
        this.memory = memory;
    }

    /** Whether the reader is done with the body (answered, or failed). */
    abstract boolean done();

    /** A chunk of the body. */
    abstract void chunk(Buffer chunk);

    /** Something changed: the body ended, or more may be asked for. */
    abstract void more();

    /** The body failed or stalled. */
    abstract void failed(Throwable failure);

    final void onContext(Runnable step) {
        // a worker hop runs with its caller's context as current: only the context's own event loop may step directly
        if (Vertx.currentContext() == context && Context.isOnEventLoopThread()) {
            step.run();
        } else {
            context.runOnContext(ignored -> step.run());
        }
    }

    final void read(Multi<Buffer> body) {
        body.subscribe().withSubscriber(this);
    }

    /**
     * Asks the body for one more chunk, unless it was asked already, has ended, or the replica's {@link IngestMemory}
     * is in use: then the reader asks again once its stages have taken what it holds. A reader that {@code holdsNothing}
     * between its stages reads all the same: what it reads goes on at once (small bodies are not held up behind large
     * ones, and a body filling an S3 part, whose memory the store counts, is not held up by bodies that wait for that
     * part memory).
     */
    final void request(boolean holdsNothing) {
        if (!sourceDone && !requested && source != null && (holdsNothing || memory.mayRead())) {
            requested = true;
            lastProgress = System.nanoTime();
            source.request(1);
        }
    }

    /** The reader holds {@code bytes} of the body now, in its stages. */
    final void holding(long bytes) {
        memory.holds(bytes);
    }

    /** Whether the reader waits for the replica's {@link IngestMemory}: it should send on what it holds. */
    final boolean waitingForMemory() {
        return memory.waiting();
    }

    /** Watched for stalls from now on. */
    final void watched() {
        stalls.watch(this);
    }

    /** Done with the body: no longer watched, and it holds no memory. */
    final void released() {
        stalls.done(this);
        memory.holds(0);
    }

    final void cancelBody() {
        if (source != null && !sourceDone) {
            sourceDone = true;
            source.cancel();
        }
    }

    @Override
    public final void onSubscribe(Flow.Subscription subscription) {
        onContext(() -> {
            source = subscription;
            if (done()) {
                subscription.cancel();
            } else {
                more();
            }
        });
    }

    @Override
    public final void onItem(Buffer chunk) {
        onContext(() -> {
            requested = false;
            lastProgress = System.nanoTime();
            if (!done()) {
                chunk(chunk);
            }
        });
    }

    @Override
    public final void onFailure(Throwable failure) {
        onContext(() -> {
            sourceDone = true;
            requested = false;
            if (!done()) {
                failed(failure instanceof IOException || failure instanceof StreamIngest.RefusedException ? failure
                        : new IOException("the body could not be read to its end: " + failure.getMessage(), failure));
            }
        });
    }

    @Override
    public final void onCompletion() {
        onContext(() -> {
            sourceDone = true;
            requested = false;
            if (!done()) {
                more();
            }
        });
    }

    /** Called by the watch: a body that waited for its sender and got nothing since {@code before} is dropped. */
    @Override
    public final void checkSince(long before) {
        if (requested && lastProgress < before) {
            onContext(() -> {
                if (!done() && requested && lastProgress < before) {
                    onStall.run();
                    failed(new IOException("the body sent nothing for longer than toolspill.ingest.stall-timeout"));
                }
            });
        }
    }
}
