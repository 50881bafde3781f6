package dev.toolspill.tool.remote;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A remote tool's answer read as a blocking stream while it arrives on the event loop, with back-pressure: the
 * response is paused while more than {@value #HIGH} bytes wait and resumed below {@value #LOW}, so an answer of any
 * size holds at most about half a megabyte here. A reader waits at most the stall timeout for the next bytes. Closing it
 * before the end abandons the answer: {@code abandon} resets the request on the event loop (it must not block), so
 * the download stops and the connection is released.
 */
final class ResponseStream extends InputStream {

    static final int HIGH = 512 * 1024;
    static final int LOW = 128 * 1024;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<Buffer> queue = new ArrayDeque<>();
    private final HttpClientResponse response;
    private final Context context;
    private final Runnable abandon;
    private final Function<Throwable, Throwable> describe;
    private final long stallNanos;
    private long queued;
    private boolean paused;
    private boolean ended;
    private boolean closed;
    private IOException failure;
    private Buffer current;
    private int position;

    ResponseStream(HttpClientResponse response, Context context, Runnable abandon, Function<Throwable, Throwable> describe,
                   Duration stallTimeout) {
        this.response = response;
        this.context = context;
        this.abandon = abandon;
        this.describe = describe;
        this.stallNanos = stallTimeout.toNanos();
    }

    /** On the event loop: a chunk of the answer. */
    void offer(Buffer chunk) {
        lock.lock();
        try {
            if (closed || failure != null) {
                return;
            }
            queue.add(chunk);
            queued += chunk.length();
            if (queued > HIGH && !paused) {
                paused = true;
                response.pause();
            }
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** On the event loop: the answer is complete. */
    void end() {
        lock.lock();
        try {
            ended = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The exchange failed (connection lost, timed out): the reader gets a message the model can act on. */
    void fail(Throwable cause) {
        lock.lock();
        try {
            if (failure == null && !ended) {
                Throwable described = describe.apply(cause);
                failure = new IOException(described.getMessage(), described);
            }
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (current == null || position == current.length()) {
            current = next();
            position = 0;
            if (current == null) {
                return -1;
            }
        }
        int n = Math.min(length, current.length() - position);
        current.getBytes(position, position + n, into, offset);
        position += n;
        return n;
    }

    private Buffer next() throws IOException {
        lock.lock();
        try {
            long wait = stallNanos;
            while (queue.isEmpty() && !ended && failure == null && !closed) {
                if (wait <= 0) {
                    failure = new IOException("the tool sent nothing for " + TimeUnit.NANOSECONDS.toSeconds(stallNanos)
                            + " s, so its answer was dropped; retry, or ask for less");
                    abandon.run(); // asynchronous: it resets the request on the event loop
                    break;
                }
                wait = arrived.awaitNanos(wait);
            }
            if (failure != null) {
                throw failure;
            }
            if (closed) {
                throw new IOException("the answer was abandoned");
            }
            Buffer chunk = queue.poll();
            if (chunk == null) {
                return null;
            }
            queued -= chunk.length();
            if (paused && queued < LOW) {
                paused = false;
                context.runOnContext(ignored -> response.resume());
            }
            return chunk;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the tool's answer");
        } finally {
            lock.unlock();
        }
    }

    /** Done with the answer; before its end this abandons the rest. Safe from any thread, any number of times. */
    @Override
    public void close() {
        boolean early;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            early = !ended || !queue.isEmpty();
            queue.clear();
            queued = 0;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        if (early) {
            abandon.run();
        }
    }
}
