package dev.toolspill.ingest;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.StoredBlob;
import dev.toolspill.scan.Scan;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;

import java.nio.charset.StandardCharsets;

/**
 * How one output of an {@link IngestFlow} ends once its whole body is scanned and written: the scan's result, then
 * the blob made visible, and what history holds for it. An output that could not be stored is what the limit keeps of
 * it, marked as not stored (or, for an upload, a {@link dev.toolspill.blob.BlobStoreException}: its sender still holds
 * it). The upload is not dropped here: the flow drops it when the answer has no blob.
 */
final class Committer {

    /** What the flow wrote: the upload (null when nothing is being stored), and the body's first bytes and size. */
    record Written(BlobId id, BlobUpload upload, long received, long written, byte[] first) {
    }

    private Committer() {
    }

    static Uni<Admitted> end(StreamIngest.Stages stages, StreamIngest.Job job, ScanStage scanner, Written out) {
        return stages.hops().call(scanner::finish).flatMap(scan -> out.upload() == null
                ? Uni.createFrom().item(stages.ingest().limitedPrefix(job.tool(), scanner.prefix(), out.received(), stages.kind().keepsBlobs()))
                : commit(stages, job, scanner, out, scan));
    }

    private static Uni<Admitted> commit(StreamIngest.Stages stages, StreamIngest.Job job, ScanStage scanner, Written out, Scan scan) {
        // the store's own deadline bounds the commit (one, plus one per 128 MiB written)
        return out.upload().commit(scan.kind().format())
                .map(meta -> {
                    // the index makes reads fast; a blob without one is scanned when first read, so nobody waits for it
                    // meta names the blob that holds the bytes: the one written, or the tenant's earlier blob of the same bytes
                    if (meta.id().equals(out.id())) { // a repeat's blob has its index already
                        stages.indexer().keep(meta.id(), scan.index()).subscribe().with(ok -> { }, failure -> { });
                    }
                    StoredBlob blob = new StoredBlob(meta.id(), scan.kind(), meta.bytes(), scan.count(), stages.store().heldHere(meta.id()),
                            !meta.id().equals(out.id()));
                    if (out.received() <= stages.inlineMaxBytes()) {
                        // small enough to stay inline, but over this tool's limit: the cut text, naming the blob that holds it all
                        return stages.gate().admitKept(job.tool(), new String(out.first(), StandardCharsets.UTF_8), blob);
                    }
                    return stages.gate().admitKept(job.tool(), stages.summarizer().summarize(blob.id(), scan.shape()), blob);
                })
                .onFailure().recoverWithUni(failure -> {
                    Log.warnf(job.strict() ? "Storing an upload in %s failed at the end, so it is refused (its sender keeps it): %s"
                            : "Storing an output in %s failed at the end, returning it limited: %s", stages.store().location(), failure.toString());
                    return job.strict() ? Uni.createFrom().failure(BlobStoreException.notStored(failure))
                            : Uni.createFrom().item(stages.ingest().limitedPrefix(job.tool(), scanner.prefix(), out.received(), true));
                });
    }
}
