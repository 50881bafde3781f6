package dev.toolspill.tool.remote;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory all remote tool responses being received may hold together ({@code toolspill.tools.response-buffer-bytes}).
 * A response takes its bytes as they arrive and gives them back when it is done; one that finds none left fails at
 * once (the call becomes an error the model can retry), so the event loop never waits and the heap never overflows.
 */
final class ResponseMemory {

    private final AtomicLong free;

    ResponseMemory(long bytes) {
        this.free = new AtomicLong(bytes);
    }

    boolean tryTake(long bytes) {
        long left = free.addAndGet(-bytes);
        if (left < 0) {
            free.addAndGet(bytes);
            return false;
        }
        return true;
    }

    void give(long bytes) {
        free.addAndGet(bytes);
    }
}
