package dev.toolspill.ingest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A body that must keep moving: {@link StallWatch} checks when it last gave bytes, and when that is longer ago than
 * the stall timeout, {@code onStall} runs (it closes the connection, which ends a blocked read with an error) and
 * reads fail from then on. {@link #close} ends the watch.
 */
public final class StallGuard extends FilterInputStream {

    private final StallWatch watch;
    private final Runnable onStall;
    private volatile long lastProgress = System.nanoTime();
    private volatile boolean reading;
    private volatile boolean stalled;

    StallGuard(InputStream body, StallWatch watch, Runnable onStall) {
        super(body);
        this.watch = watch;
        this.onStall = onStall;
    }

    @Override
    public int read() throws IOException {
        waiting();
        try {
            return moved(super.read());
        } finally {
            reading = false;
        }
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        waiting();
        try {
            return moved(super.read(bytes, offset, length));
        } finally {
            reading = false;
        }
    }

    /** Only time spent waiting for the client counts: a slow store holds up the reader, not the client. */
    private void waiting() {
        lastProgress = System.nanoTime();
        reading = true;
    }

    private int moved(int result) throws IOException {
        if (stalled) {
            throw new IOException("the body sent nothing for longer than toolspill.ingest.stall-timeout");
        }
        lastProgress = System.nanoTime();
        return result;
    }

    /** Called by the watch: stalls this body if it is waiting for the client and got nothing since {@code before}. */
    void checkSince(long before) {
        if (!stalled && reading && lastProgress < before) {
            stalled = true;
            onStall.run();
        }
    }

    @Override
    public void close() throws IOException {
        watch.done(this);
        super.close();
    }
}
