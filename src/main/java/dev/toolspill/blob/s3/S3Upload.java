package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.UploadHops;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.CompletedPart;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Streams a blob into S3 in 8 MiB parts (an explicit multipart upload made from the stream), two parts in flight while
 * the next one fills, so memory stays bounded whatever the size. The part grows in blocks as bytes arrive, from the
 * shared {@link UploadMemory}, so an output smaller than one part takes only about its own size and is sent as a single
 * PUT; the chunks are copied once, into the blocks, and the blocks go to the SDK as they are. Hashing and copying the
 * chunks of a write is one hop to the upload workers; the S3 calls are the SDK's asynchronous ones: nothing
 * blocks. A write completes once its bytes are in the part, or, when that filled a part, once the part is on
 * its way with at most one other (the back-pressure on the stream). The object appears only when the upload
 * completes, and an aborted upload leaves nothing. The blob's SHA-256 is computed as it is written, so its record
 * (owner, digest) is kept once the last byte is in and before the upload completes: a visible blob always has its record.
 */
final class S3Upload implements BlobUpload {

    static final int PART_BYTES = 8 * 1024 * 1024;
    /** What a full part takes from the shared memory: all but its first block. */
    static final int PART_COUNTED = PART_BYTES - PartBlocks.FIRST;
    private static final int IN_FLIGHT = 2;
    /** How long an abort waits for the parts in flight (the SDK's own call timeout bounds each of them too). */
    private static final Duration PART_WAIT = Duration.ofSeconds(30);

    private final S3AsyncClient client;
    private final UploadMemory memory;
    private final UploadHops hops;
    private final String bucket;
    private final BlobId id;
    private final BlobFormat guess;
    private final String key;
    private final String owner;
    private final MessageDigest digest = BlobRecord.newDigest();
    private final AtomicBoolean committing = new AtomicBoolean();
    private final AtomicBoolean aborted = new AtomicBoolean();
    private volatile BlobRecord record;
    private final UploadMemory.Share share;
    private final PartBlocks part = new PartBlocks();
    private long total;
    private String uploadId;
    private final Deque<CompletableFuture<CompletedPart>> inFlight = new ArrayDeque<>();
    private final List<CompletedPart> done = new ArrayList<>();
    /** The call in progress: an abort runs after it. */
    private volatile CompletableFuture<?> busy = CompletableFuture.completedFuture(null);

    S3Upload(S3AsyncClient client, UploadMemory memory, UploadHops hops, String bucket, BlobId id, BlobFormat guess, String owner) {
        this.owner = owner;
        this.client = client;
        this.memory = memory;
        this.share = memory.share();
        this.hops = hops;
        this.bucket = bucket;
        this.id = id;
        this.guess = guess;
        this.key = BlobLayout.blob(id, guess);
    }

    @Override
    public Uni<Void> write(Buffer chunk) {
        return write(List.of(chunk));
    }

    /** The chunks as they are: hashed in one hop, then copied into the part's blocks, never joined or copied first. */
    @Override
    public Uni<Void> write(List<Buffer> chunks) {
        return tracked(() -> {
            if (committing.get() || aborted.get()) {
                return Uni.createFrom().failure(new IllegalStateException("this upload is finished: it takes no more bytes"));
            }
            return hops.run(() -> chunks.forEach(chunk -> digest.update(chunk.getDelegate().getByteBuf().nioBuffer())))
                    .chain(() -> append(chunks, 0, 0));
        });
    }

    /** Copies what fits of the chunks, from chunk {@code index} at {@code from}, into the part, sending it when it is full. */
    private Uni<Void> append(List<Buffer> chunks, int index, int from) {
        if (index == chunks.size()) {
            return Uni.createFrom().voidItem();
        }
        Buffer chunk = chunks.get(index);
        if (from == chunk.length()) {
            return append(chunks, index + 1, 0);
        }
        if (!part.hasRoom()) {
            return grow().chain(() -> append(chunks, index, from));
        }
        int n = part.copy(chunk, from);
        total += n;
        return (part.filled() == PART_BYTES ? sendPart() : Uni.createFrom().voidItem()).chain(() -> append(chunks, index, from + n));
    }

    /**
     * The part's next block, from the shared memory. Its first block is free (every upload has one, bounded by
     * toolspill.ingest.max-concurrent), so a small output never waits for large ones.
     */
    private Uni<Void> grow() {
        return (part.hasBlocks() ? share.take(part.nextBlock()) : Uni.createFrom().voidItem()).invoke(part::grow);
    }

    /** Starts the multipart upload if need be, waits until fewer than {@value #IN_FLIGHT} parts are on their way, sends this one. */
    private Uni<Void> sendPart() {
        Uni<Void> started = uploadId != null ? Uni.createFrom().voidItem()
                : call(() -> client.createMultipartUpload(create -> create.bucket(bucket).key(key).contentType(guess.mediaType())
                        .metadata(S3BlobStore.tenantMetadata(owner))
                        .checksumAlgorithm(ChecksumAlgorithm.SHA256))).invoke(created -> uploadId = created.uploadId()).replaceWithVoid();
        return started.chain(() -> roomInFlight(IN_FLIGHT - 1)).invoke(this::startPart);
    }

    /** Completes once at most {@code max} parts are on their way. */
    private Uni<Void> roomInFlight(int max) {
        if (inFlight.size() <= max) {
            return Uni.createFrom().voidItem();
        }
        CompletableFuture<CompletedPart> first = inFlight.peekFirst();
        return call(() -> first).invoke(completed -> {
            inFlight.removeFirst();
            done.add(completed);
        }).chain(() -> roomInFlight(max));
    }

    private void startPart() {
        int number = done.size() + inFlight.size() + 1;
        long length = part.filled();
        ByteBuffer[] body = part.take();
        int held = share.sent();
        inFlight.addLast(client.uploadPart(upload -> upload.bucket(bucket).key(key).uploadId(uploadId).partNumber(number)
                                .contentLength(length).checksumAlgorithm(ChecksumAlgorithm.SHA256),
                        AsyncRequestBody.fromByteBuffersUnsafe(body))
                .thenApply(response -> CompletedPart.builder().partNumber(number).eTag(response.eTag())
                        .checksumSHA256(response.checksumSHA256()).build())
                .whenComplete((sent, failure) -> memory.give(held)));
    }

    @Override
    public Uni<BlobMetadata> commit(BlobFormat format) {
        return tracked(() -> {
            if (aborted.get() || !committing.compareAndSet(false, true)) {
                return Uni.createFrom().failure(new IllegalStateException("this upload is finished: it cannot commit again"));
            }
            return hops.call(() -> new BlobRecord(owner, BlobRecord.hex(digest.digest()), total))
                    .call(kept -> call(() -> S3BlobStore.putRecord(client, bucket, id, kept)))
                    .chain(kept -> uploadId == null ? putWhole(format, kept) : completeParts(format, kept));
        });
    }

    /** An output smaller than one part: a single PUT, under its final name. */
    private Uni<BlobMetadata> putWhole(BlobFormat format, BlobRecord kept) {
        long length = part.filled();
        ByteBuffer[] body = part.take();
        return call(() -> client.putObject(put -> put.bucket(bucket).key(BlobLayout.blob(id, format)).contentType(format.mediaType())
                                .metadata(S3BlobStore.tenantMetadata(owner))
                                .contentLength(length).checksumAlgorithm(ChecksumAlgorithm.SHA256),
                        AsyncRequestBody.fromByteBuffersUnsafe(body)))
                .onTermination().invoke(this::releaseBuffer)
                .map(ignored -> committed(format, kept));
    }

    private Uni<BlobMetadata> completeParts(BlobFormat format, BlobRecord kept) {
        String finalKey = BlobLayout.blob(id, format);
        Uni<Void> last = part.filled() > 0 ? roomInFlight(IN_FLIGHT - 1).invoke(this::startPart) : Uni.createFrom().voidItem();
        Uni<Void> completed = last.chain(() -> roomInFlight(0))
                .chain(() -> call(() -> client.completeMultipartUpload(complete -> complete.bucket(bucket).key(key).uploadId(uploadId)
                        .multipartUpload(upload -> upload.parts(done))))).replaceWithVoid();
        if (!finalKey.equals(key)) {
            // Rare: it began like JSON and turned out to be text. Server-side copy under the right name.
            completed = completed.chain(() -> call(() -> client.copyObject(copy -> copy.sourceBucket(bucket).sourceKey(key)
                            .destinationBucket(bucket).destinationKey(finalKey).contentType(format.mediaType())
                            .metadata(S3BlobStore.tenantMetadata(owner)).metadataDirective("REPLACE"))))
                    .chain(() -> call(() -> client.deleteObject(delete -> delete.bucket(bucket).key(key)))).replaceWithVoid();
        }
        return completed.map(ignored -> committed(format, kept));
    }

    private BlobMetadata committed(BlobFormat format, BlobRecord kept) {
        record = kept;
        uploadId = null; // completed: nothing for an abort to drop
        return new BlobMetadata(id, format, total);
    }

    /** The digest so far from a copy of it, so the upload goes on as if it had not been asked. */
    @Override
    public Uni<java.util.Optional<BlobRecord>> recordSoFar() {
        return hops.call(() -> java.util.Optional.of(new BlobRecord(owner, BlobRecord.hex(((MessageDigest) digest.clone()).digest()), total)));
    }

    @Override
    public BlobRecord record() {
        return BlobRecord.ofCommitted(record);
    }

    @Override
    public Uni<Void> abort() {
        if (!aborted.compareAndSet(false, true)) {
            return Uni.createFrom().voidItem();
        }
        share.abandon(); // a write waiting for part memory ends now, not at the end of its wait
        CompletableFuture<?> before = busy;
        return Uni.createFrom().completionStage(() -> before.handle((ok, failure) -> null))
                .chain(this::abortNow)
                .onFailure().recoverWithNull().replaceWithVoid();
    }

    /** A part still on its way would land after the abort and stay behind: the parts in flight finish first. */
    private Uni<Void> abortNow() {
        if (record != null) {
            return Uni.createFrom().voidItem(); // committed: the blob stays
        }
        CompletableFuture<?>[] parts = inFlight.toArray(CompletableFuture[]::new);
        Uni<Void> settled = Uni.createFrom().completionStage(() -> CompletableFuture.allOf(parts).handle((ok, failure) -> null))
                .ifNoItem().after(PART_WAIT).recoverWithItem((Object) null).replaceWithVoid();
        return settled.chain(() -> {
            inFlight.clear();
            String started = uploadId;
            uploadId = null;
            releaseBuffer();
            if (started == null) {
                return Uni.createFrom().voidItem();
            }
            // what this cannot remove, the bucket's lifecycle rule for incomplete uploads (and our sweep) removes
            return call(() -> client.abortMultipartUpload(abort -> abort.bucket(bucket).key(key).uploadId(started)))
                    .onFailure().recoverWithNull().replaceWithVoid();
        });
    }

    private void releaseBuffer() {
        memory.drop(share);
        part.take();
    }

    /** Runs a call of this upload, remembered as the one in progress. */
    private <T> Uni<T> tracked(Supplier<Uni<T>> call) {
        return Uni.createFrom().deferred(() -> {
            CompletableFuture<T> now = new CompletableFuture<>();
            busy = now;
            return call.get().onCancellation().invoke(() -> now.complete(null)).onItemOrFailure().invoke((item, failure) -> {
                if (failure == null) {
                    now.complete(item);
                } else {
                    now.completeExceptionally(failure);
                }
            });
        });
    }

    /** An SDK call, started on subscription; its failure says it is S3's. */
    private static <T> Uni<T> call(Supplier<CompletableFuture<T>> call) {
        return Uni.createFrom().completionStage(call)
                .onFailure().transform(e -> e instanceof IOException ? e : new IOException("S3 upload failed: " + S3Calls.rootCause(e), e));
    }
}
