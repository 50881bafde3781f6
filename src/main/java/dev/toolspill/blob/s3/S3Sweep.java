package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobStoreException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import mutiny.zero.flow.adapters.AdaptersToFlow;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.time.Instant;
import java.util.Optional;

import static dev.toolspill.blob.s3.S3Calls.call;

/**
 * What retention needs of the bucket, with plain S3 calls only (LIST, DELETE, and the multipart upload listing
 * and abort): any S3 or MinIO serves it. Every removal tolerates a name that another replica removed first.
 */
final class S3Sweep {

    /** Multipart uploads aborted at once. */
    private static final int ABORTS_AT_ONCE = 4;

    private final S3AsyncClient client;
    private final String bucket;

    S3Sweep(S3AsyncClient client, String bucket) {
        this.client = client;
        this.bucket = bucket;
    }

    /** S3 answers 204 for a key that is not there; a server that answers 404 instead means the same. */
    Uni<Void> deleteKey(String key) {
        return call(() -> client.deleteObject(delete -> delete.bucket(bucket).key(key)))
                .onFailure(S3Calls::isNotFound).recoverWithNull()
                .replaceWithVoid();
    }

    /**
     * The ids under {@code dir/} made before {@code cutoff}, page by page (ListObjectsV2) as they are requested. Keys
     * sort by the time in their id (a UUID version 7 in its canonical form sorts as its timestamp), so the listing
     * stops at the first one made at or after the cutoff: a sweep reads only the old part of the bucket.
     */
    Multi<BlobId> idsBefore(String dir, Instant cutoff) {
        return Multi.createFrom().<S3Object>deferred(() -> Multi.createFrom().publisher(AdaptersToFlow.publisher(
                        client.listObjectsV2Paginator(list -> list.bucket(bucket).prefix(dir + "/")).contents())))
                .onFailure().transform(e -> new BlobStoreException("S3 did not list " + dir + "/ (" + S3Calls.rootCause(e) + ")", e))
                .map(object -> BlobLayout.idOf(object.key()))
                .select().first(id -> id.map(found -> found.created().isBefore(cutoff)).orElse(true))
                .select().where(Optional::isPresent)
                .map(Optional::get)
                .skip().repetitions(); // a blob's names (blob, record) sort together: one id for them
    }

    /** Aborts the multipart uploads under {@code dir/} begun before {@code cutoff}; answers how many it aborted. */
    Uni<Integer> abortUploadsBefore(String dir, Instant cutoff) {
        return Multi.createFrom().<MultipartUpload>deferred(() -> Multi.createFrom().publisher(AdaptersToFlow.publisher(
                        client.listMultipartUploadsPaginator(list -> list.bucket(bucket).prefix(dir + "/")).uploads())))
                .onFailure().transform(e -> new BlobStoreException("S3 did not list the multipart uploads (" + S3Calls.rootCause(e) + ")", e))
                .select().where(upload -> upload.initiated() != null && upload.initiated().isBefore(cutoff))
                .onItem().transformToUni(upload -> call(() -> client.abortMultipartUpload(abort -> abort.bucket(bucket)
                                .key(upload.key()).uploadId(upload.uploadId())))
                        .replaceWith(1)
                        .onFailure(S3Calls::isNotFound).recoverWithItem(0)) // completed or aborted meanwhile
                .merge(ABORTS_AT_ONCE)
                .collect().in(() -> new int[1], (sum, n) -> sum[0] += n)
                .map(sum -> sum[0]);
    }
}
