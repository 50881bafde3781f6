package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.CompletedPart;

import java.io.IOException;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Streams a blob into S3 in 8 MiB parts (multipart upload), two parts in flight while the next one fills, so
 * memory stays bounded whatever the size. The part buffer grows with what arrives, so an output smaller than one
 * part takes only its own size and is sent as a single PUT. The object appears only when the upload completes,
 * and an aborted upload leaves nothing. The blob's SHA-256 is computed as it is written, so its record (owner,
 * digest) is kept once the last byte is in and before the upload completes: a visible blob always has its record.
 */
final class S3Upload implements BlobUpload {

    static final int PART_BYTES = 8 * 1024 * 1024;
    private static final int FIRST_BUFFER = 64 * 1024;
    private static final int IN_FLIGHT = 2;
    /** How long an abort waits for the parts in flight (the SDK's own call timeout bounds each of them too). */
    private static final long PART_WAIT_SECONDS = 30;

    private final S3AsyncClient client;
    private final UploadMemory memory;
    private final String bucket;
    private final BlobId id;
    private final BlobFormat guess;
    private final String key;
    private final String owner;
    private final MessageDigest digest = BlobRecord.newDigest();
    private BlobRecord record;
    private byte[] part = new byte[0];
    private int filled;
    private long total;
    private String uploadId;
    private final Deque<CompletableFuture<CompletedPart>> inFlight = new ArrayDeque<>();
    private final List<CompletedPart> done = new ArrayList<>();

    S3Upload(S3AsyncClient client, UploadMemory memory, String bucket, BlobId id, BlobFormat guess, String owner) {
        this.owner = owner;
        this.client = client;
        this.memory = memory;
        this.bucket = bucket;
        this.id = id;
        this.guess = guess;
        this.key = BlobLayout.blob(id, guess);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        digest.update(bytes, offset, length);
        while (length > 0) {
            int n = Math.min(length, PART_BYTES - filled);
            ensureRoom(filled + n);
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

    private void ensureRoom(int needed) throws IOException {
        if (needed > part.length) {
            int size = Math.max(FIRST_BUFFER, part.length);
            while (size < needed) {
                size *= 2;
            }
            size = Math.min(PART_BYTES, size);
            memory.take(counted(size) - counted(part.length));
            part = Arrays.copyOf(part, size);
        }
    }

    /**
     * What a buffer takes from the shared part memory: its first {@value #FIRST_BUFFER} bytes are free, since every
     * upload has them (bounded by toolspill.ingest.max-concurrent), so a small output never waits for large ones.
     */
    private static int counted(int bufferBytes) {
        return Math.max(0, bufferBytes - FIRST_BUFFER);
    }

    private void sendPart() throws IOException {
        if (uploadId == null) {
            uploadId = join(client.createMultipartUpload(create -> create.bucket(bucket).key(key).contentType(guess.mediaType())
                    .metadata(S3BlobStore.tenantMetadata(owner))
                    .checksumAlgorithm(ChecksumAlgorithm.SHA256))).uploadId();
        }
        while (inFlight.size() >= IN_FLIGHT) {
            done.add(join(inFlight.removeFirst()));
        }
        int number = done.size() + inFlight.size() + 1;
        byte[] body = filled == part.length ? part : Arrays.copyOf(part, filled);
        int held = counted(part.length);
        inFlight.addLast(client.uploadPart(upload -> upload.bucket(bucket).key(key).uploadId(uploadId).partNumber(number)
                                .contentLength((long) body.length).checksumAlgorithm(ChecksumAlgorithm.SHA256),
                        AsyncRequestBody.fromBytesUnsafe(body))
                .thenApply(response -> CompletedPart.builder().partNumber(number).eTag(response.eTag())
                        .checksumSHA256(response.checksumSHA256()).build())
                .whenComplete((done, failure) -> memory.give(held)));
        part = new byte[0];
        filled = 0;
    }

    @Override
    public BlobMetadata commit(BlobFormat format) throws IOException {
        String finalKey = BlobLayout.blob(id, format);
        BlobRecord kept = new BlobRecord(owner, BlobRecord.hex(digest.digest()), total);
        join(S3BlobStore.putRecord(client, bucket, id, kept));
        if (uploadId == null) {
            byte[] body = part;
            int length = filled;
            try {
                join(client.putObject(put -> put.bucket(bucket).key(finalKey).contentType(format.mediaType())
                                .metadata(S3BlobStore.tenantMetadata(owner))
                                .contentLength((long) length).checksumAlgorithm(ChecksumAlgorithm.SHA256),
                        AsyncRequestBody.fromBytesUnsafe(length == body.length ? body : Arrays.copyOf(body, length))));
            } finally {
                releaseBuffer();
            }
            record = kept;
            return new BlobMetadata(id, format, total);
        }
        if (filled > 0) {
            sendPart();
        }
        while (!inFlight.isEmpty()) {
            done.add(join(inFlight.removeFirst()));
        }
        join(client.completeMultipartUpload(complete -> complete.bucket(bucket).key(key).uploadId(uploadId)
                .multipartUpload(upload -> upload.parts(done))));
        if (!finalKey.equals(key)) {
            // Rare: it began like JSON and turned out to be text. Server-side copy under the right name.
            join(client.copyObject(copy -> copy.sourceBucket(bucket).sourceKey(key).destinationBucket(bucket).destinationKey(finalKey)
                    .contentType(format.mediaType()).metadata(S3BlobStore.tenantMetadata(owner)).metadataDirective("REPLACE")));
            join(client.deleteObject(delete -> delete.bucket(bucket).key(key)));
        }
        record = kept;
        return new BlobMetadata(id, format, total);
    }

    @Override
    public BlobRecord record() {
        if (record == null) {
            throw new IllegalStateException("an upload has a record once it has committed");
        }
        return record;
    }

    @Override
    public void abort() {
        // a part still on its way would land after the abort and stay behind: let the parts in flight finish first
        try {
            CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).get(PART_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // failed or late parts: abort anyway; the bucket's lifecycle rule for incomplete uploads removes stragglers
        }
        inFlight.clear();
        if (uploadId != null) {
            try {
                join(client.abortMultipartUpload(abort -> abort.bucket(bucket).key(key).uploadId(uploadId)));
            } catch (IOException | RuntimeException ignored) {
                // the bucket's lifecycle rule for incomplete uploads cleans up what this could not
            }
            uploadId = null;
        }
        releaseBuffer();
    }

    private void releaseBuffer() {
        memory.give(counted(part.length));
        part = new byte[0];
    }

    private static <T> T join(CompletableFuture<T> future) throws IOException {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw new IOException("S3 upload failed: " + S3Calls.rootCause(e), e.getCause());
        } catch (RuntimeException e) {
            throw new BlobStoreException("S3 upload failed: " + S3Calls.rootCause(e), e);
        }
    }
}
