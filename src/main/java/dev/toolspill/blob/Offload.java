package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;

/** Runs blocking work on a worker thread and hands the result back on the caller's Vert.x context. */
public final class Offload {

    private Offload() {
    }

    /**
     * Runs {@code work} on a worker thread, or right here when this thread may already block (a worker
     * that waits on the result must not also wait for another worker: under load that starves the pool).
     */
    public static <T> Uni<T> blocking(Callable<T> work) {
        return Uni.createFrom().deferred(() -> {
            Uni<T> call = Uni.createFrom().item(() -> call(work));
            if (!Context.isOnEventLoopThread()) {
                return call;
            }
            return call.runSubscriptionOn(Infrastructure.getDefaultWorkerPool()).emitOn(callerContext());
        });
    }

    private static <T> T call(Callable<T> work) {
        try {
            return work.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new BlobStoreException(e.getMessage(), e);
        }
    }

    /** Where to emit: the Vert.x context of the calling thread if it has one, else in place. */
    public static Executor callerContext() {
        Context context = Vertx.currentContext();
        if (context == null) {
            return Runnable::run;
        }
        return task -> context.runOnContext(ignored -> task.run());
    }
}
