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

    public static <T> Uni<T> blocking(Callable<T> work) {
        return Uni.createFrom().item(() -> {
                    try {
                        return work.call();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new BlobStoreException(e.getMessage(), e);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(callerContext());
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
