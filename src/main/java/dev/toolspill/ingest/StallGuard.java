package dev.toolspill.ingest;

import io.vertx.core.Vertx;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/**
 * A body that must keep moving: when no byte arrives for the stall timeout, {@code onStall} runs (it closes the
 * connection, which ends the blocked read with an error) and reads fail from then on. A timer checks progress a few
 * times per timeout; {@link #close} stops it.
 */
public final class StallGuard extends FilterInputStream {

    private final Vertx vertx;
    private final long timer;
    private final long stallNanos;
    private volatile long lastProgress = System.nanoTime();
    private volatile boolean stalled;

    public StallGuard(InputStream body, Vertx vertx, Duration stallTimeout, Runnable onStall) {
        super(body);
        this.vertx = vertx;
        this.stallNanos = stallTimeout.toNanos();
        long every = Math.max(10, stallTimeout.toMillis() / 4);
        this.timer = vertx.setPeriodic(every, id -> {
            if (!stalled && System.nanoTime() - lastProgress > stallNanos) {
                stalled = true;
                vertx.cancelTimer(id);
                onStall.run();
            }
        });
    }

    @Override
    public int read() throws IOException {
        int b = checked(super.read());
        lastProgress = System.nanoTime();
        return b;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        int n = checked(super.read(bytes, offset, length));
        lastProgress = System.nanoTime();
        return n;
    }

    private int checked(int result) throws IOException {
        if (stalled) {
            throw new StalledException();
        }
        return result;
    }

    public boolean stalled() {
        return stalled;
    }

    @Override
    public void close() throws IOException {
        vertx.cancelTimer(timer);
        super.close();
    }

    /** The body stopped moving for longer than the stall timeout. */
    public static final class StalledException extends IOException {
        StalledException() {
            super("the body sent nothing for longer than toolspill.ingest.stall-timeout");
        }
    }
}
