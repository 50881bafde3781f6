package dev.toolspill.blob;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.util.concurrent.Executor;

/** Where to hand a result back: the Vert.x context of the calling thread, so request state is touched on its own thread. */
public final class CallerContext {

    private CallerContext() {
    }

    /** The calling thread's Vert.x context as an executor, or in place when the thread has none. */
    public static Executor executor() {
        Context context = Vertx.currentContext();
        if (context == null) {
            return Runnable::run;
        }
        return task -> context.runOnContext(ignored -> task.run());
    }
}
