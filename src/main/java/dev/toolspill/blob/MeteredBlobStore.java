package dev.toolspill.blob;

import dev.toolspill.metrics.Telemetry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * A store whose every call is reported: latency and errors by operation, a span each, bytes stored, uploads in flight.
 * An unknown id is an answer, not a failure of the store, so it counts as no error.
 */
final class MeteredBlobStore extends ForwardingBlobStore {

    private static final Predicate<Throwable> FAULT = failure -> !(failure instanceof BlobNotFoundException);

    private final Telemetry telemetry;

    MeteredBlobStore(BlobStore store, Telemetry telemetry) {
        super(store);
        this.telemetry = telemetry;
    }

    private <T> Uni<T> call(String operation, java.util.function.Supplier<Uni<T>> call) {
        return telemetry.storeCall(operation, call, FAULT);
    }

    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return call("put", () -> store.putRecorded(id, format, bytes, record)).invoke(meta -> telemetry.stored(meta.bytes()));
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        BlobUpload upload = store.upload(id, guess, owner);
        telemetry.uploadStarted();
        return new MeteredUpload(upload);
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return call("record", () -> store.readRecord(id));
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return call("metadata", () -> store.metadata(id));
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return call("get", () -> store.read(id, range));
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return telemetry.storeStream("stream", () -> store.stream(id, range), FAULT);
    }

    @Override
    public Multi<Buffer> streamInBulk(BlobId id, ByteRange range) {
        return telemetry.storeStream("stream", () -> store.streamInBulk(id, range), FAULT);
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return call("put-index", () -> store.putIndex(id, index));
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return call("get-index", () -> store.readIndex(id));
    }

    @Override
    public Uni<Void> delete(BlobId id) {
        return call("delete", () -> store.delete(id));
    }

    @Override
    public Multi<BlobId> idsBefore(Instant cutoff) {
        return telemetry.storeStream("list", () -> store.idsBefore(cutoff), FAULT);
    }

    @Override
    public Uni<Integer> removeUnfinished(Instant cutoff) {
        return call("remove-unfinished", () -> store.removeUnfinished(cutoff));
    }

    @Override
    public Uni<Void> checkReady() {
        return call("check", store::checkReady);
    }

    /** Counts itself in flight until it commits or aborts (once), its failed writes, and times its commit: the call that makes it visible. */
    private final class MeteredUpload extends ForwardingBlobUpload {
        private final AtomicBoolean ended = new AtomicBoolean();

        MeteredUpload(BlobUpload upload) {
            super(upload);
        }

        /** Writes are not timed one by one (a hop each, many per upload), but each that fails counts as a store error. */
        @Override
        public Uni<Void> write(Buffer chunk) {
            return upload.write(chunk).onFailure().invoke(failure -> telemetry.storeFailed("upload-write"));
        }

        @Override
        public Uni<Void> write(java.util.List<Buffer> chunks) {
            return upload.write(chunks).onFailure().invoke(failure -> telemetry.storeFailed("upload-write"));
        }

        @Override
        public Uni<BlobMetadata> commit(BlobFormat format) {
            return Uni.createFrom().deferred(() -> {
                long started = System.nanoTime();
                return upload.commit(format)
                        .invoke(meta -> telemetry.stored(meta.bytes()))
                        .onItemOrFailure().invoke((meta, failure) -> {
                            telemetry.storeBlocking("upload-commit", System.nanoTime() - started, failure != null);
                            if (failure == null) {
                                end();
                            }
                        });
            });
        }

        @Override
        public Uni<Void> abort() {
            return upload.abort().onTermination().invoke(this::end);
        }

        private void end() {
            if (ended.compareAndSet(false, true)) {
                telemetry.uploadEnded();
            }
        }
    }
}
