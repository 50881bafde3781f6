package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.CallerContext;
import io.smallrye.mutiny.Uni;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/** How the S3 SDK's futures become {@link Uni}s, and what its failures mean. */
final class S3Calls {

    private S3Calls() {
    }

    /** Wraps an SDK call lazily and hands its result back on the caller's Vert.x context, not the SDK's Netty thread. */
    static <T> Uni<T> call(Supplier<CompletableFuture<T>> request) {
        return Uni.createFrom().completionStage(request)
                .onFailure(CompletionException.class).transform(Throwable::getCause)
                // a missing object or range is an answer; anything else (no connection, throttled, refused) is the store failing
                .onFailure(e -> !isNotFound(e) && !isUnsatisfiable(e)).transform(e -> new BlobStoreException(
                        "S3 did not serve the request (" + describe(e) + ")", e))
                .emitOn(CallerContext.executor());
    }

    /** What went wrong, without endpoints or class names: the S3 error code, or the kind of client failure. */
    private static String describe(Throwable failure) {
        if (failure instanceof S3Exception s3 && s3.awsErrorDetails() != null) {
            return "HTTP " + s3.statusCode() + " " + s3.awsErrorDetails().errorCode();
        }
        String message = String.valueOf(failure.getMessage()).toLowerCase(java.util.Locale.ROOT);
        if (message.contains("acquire")) {
            return "no free connection to the store";
        }
        if (message.contains("timeout") || message.contains("timed out")) {
            return "timed out";
        }
        return "no answer from the store";
    }

    static boolean isNotFound(Throwable failure) {
        return status(failure) == 404;
    }

    /**
     * A conditional write lost: 412 (the object is there, for {@code If-None-Match: *}) or 409 (another conditional
     * write of the key was under way). {@link #call} hands it on as the store failing, so its cause is looked at too.
     */
    static boolean isConditionLost(Throwable failure) {
        int status = status(failure instanceof BlobStoreException && failure.getCause() != null ? failure.getCause() : failure);
        return status == 412 || status == 409;
    }

    /** 501: the server does not implement what the request asked (a conditional write, on some S3-compatible servers). */
    static boolean isNotImplemented(Throwable failure) {
        return status(failure instanceof BlobStoreException && failure.getCause() != null ? failure.getCause() : failure) == 501;
    }

    static boolean isUnsatisfiable(Throwable failure) {
        return status(failure) == 416;
    }

    /**
     * Whether a conditional write was refused: 412 (the precondition failed: the key exists, or is not the version
     * named) or 409 (S3 saw another conditional write to the same key in flight), however deep the SDK's error is.
     */
    static boolean isConditionRefused(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof S3Exception s3 && (s3.statusCode() == 412 || s3.statusCode() == 409)) {
                return true;
            }
        }
        return false;
    }

    private static int status(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return t instanceof S3Exception s3 ? s3.statusCode() : -1;
    }

    /** The innermost cause, named by its kind and message: enough to act on, without a stack trace. */
    static String rootCause(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
