package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.CompletedPart;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Streams a blob into S3 in 8 MiB parts (multipart upload), two parts in flight while the next one
 * fills, so memory stays bounded whatever the size; an output smaller than one part is a single PUT.
 * The object appears only when the upload completes, and an aborted upload leaves nothing.
 */
final class S3Upload implements BlobUpload {

    static final int PART_BYTES = 8 * 1024 * 1024;
    private static final int IN_FLIGHT = 2;

    private final S3AsyncClient client;
    private final String bucket;
    private final BlobId id;
    private final BlobKind guess;
    private final String key;
    private byte[] part = new byte[PART_BYTES];
    private int filled;
    private long total;
    private String uploadId;
    private final Deque<CompletableFuture<CompletedPart>> inFlight = new ArrayDeque<>();
    private final List<CompletedPart> done = new ArrayList<>();

    S3Upload(S3AsyncClient client, String bucket, BlobId id, BlobKind guess) {
        this.client = client;
        this.bucket = bucket;
        this.id = id;
        this.guess = guess;
        this.key = BlobInfo.key(id, guess);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            int n = Math.min(length, PART_BYTES - filled);
            System.arraycopy(bytes, offset, part, filled, n);
            filled += n;
            offset += n;
            length -= n;
            total += n;
            if (filled == PART_BYTES) {
                sendPart();
            }
        }
    }

    private void sendPart() throws IOException {
        if (uploadId == null) {
            uploadId = join(client.createMultipartUpload(create -> create.bucket(bucket).key(key).contentType(guess.mediaType())
                            .metadata(Map.of(S3BlobStore.META_KIND, guess.label()))))
                    .uploadId();
        }
        while (inFlight.size() >= IN_FLIGHT) {
            done.add(join(inFlight.removeFirst()));
        }
        int number = done.size() + inFlight.size() + 1;
        byte[] body = filled == part.length ? part : Arrays.copyOf(part, filled);
        inFlight.addLast(client.uploadPart(upload -> upload.bucket(bucket).key(key).uploadId(uploadId).partNumber(number)
                                .contentLength((long) body.length),
                        AsyncRequestBody.fromBytes(body))
                .thenApply(response -> CompletedPart.builder().partNumber(number).eTag(response.eTag()).build()));
        part = new byte[PART_BYTES];
        filled = 0;
    }

    @Override
    public BlobInfo commit(BlobKind kind, long count) throws IOException {
        if (uploadId == null) {
            byte[] body = Arrays.copyOf(part, filled);
            String finalKey = BlobInfo.key(id, kind);
            join(client.putObject(put -> put.bucket(bucket).key(finalKey).contentType(kind.mediaType())
                            .contentLength((long) body.length).checksumSHA256(S3BlobStore.sha256(body))
                            .metadata(Map.of(S3BlobStore.META_KIND, kind.label(), S3BlobStore.META_COUNT, Long.toString(count))),
                    AsyncRequestBody.fromBytes(body)));
            return new BlobInfo(id, kind, total, count, Instant.now());
        }
        if (filled > 0) {
            sendPart();
        }
        while (!inFlight.isEmpty()) {
            done.add(join(inFlight.removeFirst()));
        }
        join(client.completeMultipartUpload(complete -> complete.bucket(bucket).key(key).uploadId(uploadId)
                .multipartUpload(upload -> upload.parts(done))));
        String finalKey = BlobInfo.key(id, kind);
        if (!finalKey.equals(key)) {
            // Rare: it began like JSON and turned out to be text. Server-side copy under the right name.
            join(client.copyObject(copy -> copy.sourceBucket(bucket).sourceKey(key).destinationBucket(bucket).destinationKey(finalKey)
                    .contentType(kind.mediaType()).metadataDirective("REPLACE")
                    .metadata(Map.of(S3BlobStore.META_KIND, kind.label()))));
            join(client.deleteObject(delete -> delete.bucket(bucket).key(key)));
        }
        return new BlobInfo(id, kind, total, count, Instant.now());
    }

    @Override
    public void abort() {
        inFlight.forEach(future -> future.cancel(true));
        inFlight.clear();
        if (uploadId != null) {
            try {
                join(client.abortMultipartUpload(abort -> abort.bucket(bucket).key(key).uploadId(uploadId)));
            } catch (IOException | RuntimeException ignored) {
                // the bucket's lifecycle rule for incomplete uploads cleans up what this could not
            }
            uploadId = null;
        }
        part = null;
    }

    private static <T> T join(CompletableFuture<T> future) throws IOException {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw new IOException("S3 upload failed: " + e.getCause(), e.getCause());
        } catch (RuntimeException e) {
            throw new BlobStoreException("S3 upload failed: " + e, e);
        }
    }
}
