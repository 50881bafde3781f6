package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Uploads what the {@link Spool} holds once the shared store answers: every {@code toolspill.spool.retry-interval}
 * it checks the store, and, when it is up, uploads each held blob, oldest first, through the store's own streaming
 * upload (so a blob uploaded late is written exactly as one written at once), then its read index. Only then does
 * the spool let go of it; its files stay one more interval, for reads that already started from them. A pass still
 * running when the next is due is not doubled.
 */
final class SpoolDrainer {

    private final Spool spool;
    private final BlobStore store;
    private final Vertx vertx;
    private final AtomicBoolean running = new AtomicBoolean();

    SpoolDrainer(Spool spool, BlobStore store, Vertx vertx) {
        this.spool = spool;
        this.store = store;
        this.vertx = vertx;
    }

    /** One pass: checks the store (recording the answer), then uploads what is held. Answers how many were uploaded. */
    Uni<Integer> drain() {
        if (!running.compareAndSet(false, true)) {
            return Uni.createFrom().item(0);
        }
        Duration check = spool.retryInterval().compareTo(Duration.ofSeconds(5)) < 0 ? Duration.ofSeconds(5) : spool.retryInterval();
        return store.checkReady().ifNoItem().after(check).fail()
                .map(ok -> true).onFailure().recoverWithItem(false)
                .invoke(spool::storeAnswered)
                .flatMap(up -> up && spool.count() > 0 ? uploadAll() : Uni.createFrom().item(0))
                .onTermination().invoke(() -> running.set(false));
    }

    private Uni<Integer> uploadAll() {
        return Multi.createFrom().iterable(spool.held())
                .onItem().transformToUniAndConcatenate(meta -> upload(meta)
                        .onFailure().invoke(e -> Log.warnf("Spool: blob %s is not uploaded yet (%s); the next pass retries",
                                meta.id(), e.getMessage()))
                        .map(ok -> 1).onFailure().recoverWithItem(0))
                .collect().with(java.util.stream.Collectors.summingInt(Integer::intValue))
                .invoke(n -> {
                    if (n > 0) {
                        Log.infof("Spool: uploaded %d blobs to %s; %d still held (%d bytes)", n, store.location(), spool.count(), spool.bytes());
                    }
                });
    }

    /** The blob's bytes through the store's streaming upload, a chunk at a time as the store takes them; then its index; then the spool lets go. */
    Uni<Void> upload(BlobMetadata meta) {
        return spool.files().readRecord(meta.id())
                .flatMap(record -> copy(meta, record.map(BlobRecord::owner).orElse(null)))
                .chain(() -> spool.files().readIndex(meta.id()))
                .chain(index -> index.isPresent() ? store.putIndex(meta.id(), index.get()) : Uni.createFrom().voidItem())
                .invoke(() -> spool.uploaded(meta))
                .invoke(() -> forgetLater(meta.id()));
    }

    /** Reads the next chunk of the spooled file only once the store took the last one: no thread waits, memory stays flat. */
    private Uni<BlobMetadata> copy(BlobMetadata meta, String owner) {
        BlobUpload upload = store.upload(meta.id(), meta.format(), owner);
        return spool.files().streamInBulk(meta.id(), new ByteRange(0, Long.MAX_VALUE))
                .onItem().transformToUniAndConcatenate(upload::write)
                .collect().last()
                .chain(() -> upload.commit(meta.format()))
                .onFailure().call(failure -> upload.abort());
    }

    /** The files go one interval later: a read that found the blob in the spool a moment ago may still be sending them. */
    private void forgetLater(BlobId id) {
        vertx.setTimer(Math.max(1, spool.retryInterval().toMillis()), timer -> spool.remove(id).subscribe().with(ok -> { },
                failure -> Log.warnf("Spool: could not remove the files of uploaded blob %s: %s", id, failure.getMessage())));
    }
}
