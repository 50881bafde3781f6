package dev.toolspill.blob.s3;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.StoredKey;
import dev.toolspill.blob.UploadHops;
import dev.toolspill.config.ToolspillConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import mutiny.zero.flow.adapters.AdaptersToFlow;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static dev.toolspill.blob.s3.S3Calls.call;

/**
 * Blobs as S3 objects in one bucket that every replica shares, named by {@link BlobLayout}. Each PUT carries a
 * real Content-Type and a SHA-256 checksum the SDK computes (S3 checks each request arrived intact); the blob's own
 * SHA-256 and owner go in its {@link BlobRecord} object, written before the blob is visible. Blobs never change under their id, so the format one
 * HEAD found is kept (bounded, and a minute at most: blobs can be deleted) for the next reads.
 */
@Singleton
@Typed(S3BlobStore.class)
public class S3BlobStore implements BlobStore {

    private final S3AsyncClient client;
    private final UploadMemory memory;
    private final UploadHops hops;
    private final S3Sweep sweep;
    private final String bucket;
    private final boolean createBucket;
    /** At start-up, multipart uploads begun longer ago than this are what crashed writes left (as retention judges them). */
    private Duration unfinishedMaxAge = Duration.ofHours(1);
    /** Names found by a HEAD; kept a minute at most, so a blob another replica deleted stops answering HEAD here soon. */
    private final Cache<BlobId, BlobMetadata> known = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(Duration.ofMinutes(1)).build();

    @Inject
    public S3BlobStore(ToolspillConfig config, S3AsyncClient client, io.vertx.mutiny.core.Vertx vertx) {
        this(client, config.blobStore().s3().bucket().orElseThrow(() -> new IllegalArgumentException(
                "toolspill.blob-store.type=s3 needs toolspill.blob-store.s3.bucket: the bucket all replicas share")),
                config.blobStore().s3().createBucket(), config.blobStore().s3().uploadBufferBytes(), config.blobStore().timeout(),
                UploadHops.shared(vertx, config.ingest().writerThreads()));
        this.unfinishedMaxAge = config.retention().unfinishedMaxAge();
    }

    public S3BlobStore(S3AsyncClient client, String bucket, boolean createBucket) {
        this(client, bucket, createBucket, 64L << 20, Duration.ofSeconds(120));
    }

    public S3BlobStore(S3AsyncClient client, String bucket, boolean createBucket, long uploadBufferBytes, Duration memoryWait) {
        this(client, bucket, createBucket, uploadBufferBytes, memoryWait,
                UploadHops.on(io.smallrye.mutiny.infrastructure.Infrastructure.getDefaultWorkerPool()));
    }

    public S3BlobStore(S3AsyncClient client, String bucket, boolean createBucket, long uploadBufferBytes, Duration memoryWait,
                       UploadHops hops) {
        this.hops = hops;
        this.client = client;
        this.sweep = new S3Sweep(client, bucket);
        this.memory = new UploadMemory(uploadBufferBytes, S3Upload.PART_COUNTED, memoryWait);
        this.bucket = bucket;
        this.createBucket = createBucket;
    }

    /** The record first, then the blob: a visible blob always has its record. */
    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return call(() -> putRecord(client, bucket, id, record))
                .chain(() -> call(() -> client.putObject(put -> put.bucket(bucket).key(BlobLayout.blob(id, format))
                                .contentType(format.mediaType())
                                .metadata(tenantMetadata(record.owner()))
                                .contentLength((long) bytes.length)
                                .checksumAlgorithm(ChecksumAlgorithm.SHA256),
                        AsyncRequestBody.fromBytes(bytes))))
                .map(ignored -> new BlobMetadata(id, format, bytes.length));
    }

    /**
     * The owner as object metadata too ({@code x-amz-meta-tenant}), so a bucket's own tools (inventory, lifecycle
     * filters, audits) see whose a blob is; the record stays what reads are checked against.
     */
    static java.util.Map<String, String> tenantMetadata(String owner) {
        return owner == null || !owner.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? java.util.Map.of() : java.util.Map.of("tenant", owner);
    }

    static CompletableFuture<PutObjectResponse> putRecord(S3AsyncClient client, String bucket, BlobId id, BlobRecord record) {
        byte[] bytes = record.encode();
        return client.putObject(put -> put.bucket(bucket).key(BlobLayout.record(id)).contentType("text/plain; charset=utf-8")
                .contentLength((long) bytes.length).checksumAlgorithm(ChecksumAlgorithm.SHA256), AsyncRequestBody.fromBytes(bytes));
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return new S3Upload(client, memory, hops, bucket, id, guess, owner);
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return getBytes(BlobLayout.record(id), null).map(BlobRecord::decode)
                .onFailure(S3Calls::isNotFound).recoverWithItem(Optional.empty());
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        BlobMetadata cached = known.getIfPresent(id);
        if (cached != null) {
            return Uni.createFrom().item(cached);
        }
        return head(id, BlobFormat.TEXT)
                .onFailure(BlobNotFoundException.class).recoverWithUni(() -> head(id, BlobFormat.JSON))
                .invoke(found -> known.put(id, found));
    }

    private Uni<BlobMetadata> head(BlobId id, BlobFormat format) {
        return call(() -> client.headObject(head -> head.bucket(bucket).key(BlobLayout.blob(id, format))))
                .onFailure(S3Calls::isNotFound).transform(e -> new BlobNotFoundException(id))
                .map(response -> new BlobMetadata(id, format, response.contentLength()));
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        // One ranged GET once the name is known: S3 clamps an end past the object and answers 416 past its start.
        return metadata(id).flatMap(blob -> range.length() == 0 || range.offset() >= blob.bytes()
                ? Uni.createFrom().item(new byte[0])
                : getBytes(blob.name(), range).onFailure(S3Calls::isUnsatisfiable).recoverWithItem(new byte[0])
                        .onFailure(S3Calls::isNotFound).transform(e -> gone(id)));
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return metadata(id).onItem().transformToMulti(blob -> {
            ByteRange clipped = ByteRange.between(Math.min(range.offset(), blob.bytes()), Math.min(blob.bytes(), range.end()));
            if (clipped.length() == 0) {
                return Multi.createFrom().<Buffer>empty();
            }
            return call(() -> client.getObject(request(blob.name(), clipped), AsyncResponseTransformer.toPublisher()))
                    .onFailure(S3Calls::isNotFound).transform(e -> gone(id))
                    .onItem().transformToMulti(publisher -> Multi.createFrom().publisher(AdaptersToFlow.publisher(publisher)))
                    .map(chunk -> {
                        byte[] bytes = new byte[chunk.remaining()];
                        chunk.get(bytes);
                        return Buffer.buffer(bytes);
                    });
        });
    }

    /** A blob whose name was known but that is gone now (deleted, perhaps by another replica): forget the name. */
    private BlobNotFoundException gone(BlobId id) {
        known.invalidate(id);
        return new BlobNotFoundException(id);
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return call(() -> client.putObject(put -> put.bucket(bucket).key(BlobLayout.index(id)).contentType("application/octet-stream")
                        .contentLength((long) index.length).checksumAlgorithm(ChecksumAlgorithm.SHA256),
                AsyncRequestBody.fromBytes(index))).replaceWithVoid();
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return getBytes(BlobLayout.index(id), null).map(Optional::of)
                .onFailure(S3Calls::isNotFound).recoverWithItem(Optional.empty());
    }

    /**
     * The index, then both blob names at once (a text blob that began like JSON is briefly under both while it is
     * renamed), then the record.
     */
    @Override
    public Uni<Void> delete(BlobId id) {
        return sweep.deleteKey(BlobLayout.index(id))
                .chain(() -> Uni.combine().all().unis(sweep.deleteKey(BlobLayout.blob(id, BlobFormat.TEXT)),
                        sweep.deleteKey(BlobLayout.blob(id, BlobFormat.JSON))).discardItems())
                .invoke(() -> known.invalidate(id))
                .chain(() -> sweep.deleteKey(BlobLayout.record(id)));
    }

    @Override
    public Multi<BlobId> idsBefore(Instant cutoff) {
        return Multi.createBy().concatenating().streams(sweep.idsBefore(BlobLayout.BLOBS, cutoff), sweep.idsBefore(BlobLayout.INDEX, cutoff));
    }

    @Override
    public Uni<Integer> removeUnfinished(Instant cutoff) {
        return sweep.abortUploadsBefore(BlobLayout.BLOBS, cutoff);
    }

    /**
     * Checks (or creates) the bucket, then starts aborting the multipart uploads crashed writes left, as retention
     * would, without waiting for it: a long listing must not make a ready store look late.
     */
    @Override
    public Uni<Void> prepare() {
        Uni<Void> ready = createBucket ? checkReady().onFailure().recoverWithUni(e ->
                call(() -> client.createBucket(create -> create.bucket(bucket))).replaceWithVoid()) : checkReady();
        return ready.invoke(() -> removeUnfinished(Instant.now().minus(unfinishedMaxAge)).subscribe().with(
                aborted -> { }, failure -> { })); // retention tries again on its next pass
    }

    @Override
    public Uni<Void> checkReady() {
        return call(() -> client.headBucket(head -> head.bucket(bucket))).replaceWithVoid()
                .onFailure().transform(e -> new BlobStoreException(S3Calls.isNotFound(e)
                        ? "bucket '" + bucket + "' does not exist: create it, or set toolspill.blob-store.s3.create-bucket=true"
                        : "bucket '" + bucket + "' is unreachable: " + S3Calls.rootCause(e), e));
    }

    /** Leases on work one replica at a time does, as objects in this bucket ({@link S3Leases}). */
    public S3Leases leases() {
        return new S3Leases(client, bucket, java.time.Clock.systemUTC());
    }

    /**
     * A PUT with {@code If-None-Match: *}: S3 (since 2024) and S3Proxy refuse it with 412 when the key exists, and of
     * conditional PUTs racing on one key exactly one succeeds (S3 may answer 409 to the others, taken as 412). A key
     * removed between the refusal and the read is created again, a few times at most.
     */
    @Override
    public Uni<Optional<StoredKey>> createKey(String name, byte[] value) {
        return createKey(name, value, 3);
    }

    private Uni<Optional<StoredKey>> createKey(String name, byte[] value, int attempts) {
        return call(() -> client.putObject(put -> ConditionalPuts.plainBody(put).bucket(bucket).key(name).contentType("text/plain; charset=utf-8")
                        .contentLength((long) value.length).checksumAlgorithm(ChecksumAlgorithm.SHA256).ifNoneMatch("*"),
                AsyncRequestBody.fromBytes(value)))
                .map(created -> Optional.<StoredKey>empty())
                .onFailure(S3Calls::isConditionRefused).recoverWithUni(() -> readKey(name).flatMap(found -> found.isPresent()
                        ? Uni.createFrom().item(found)
                        : attempts > 1 ? createKey(name, value, attempts - 1)
                        : Uni.createFrom().failure(new BlobStoreException("the content key " + name + " kept changing", null))));
    }

    /** A PUT with {@code If-Match: <ETag>}: refused (412) when the key changed since it was read, 404 when it is gone. */
    @Override
    public Uni<Boolean> replaceKey(String name, byte[] value, StoredKey found) {
        return call(() -> client.putObject(put -> ConditionalPuts.plainBody(put).bucket(bucket).key(name).contentType("text/plain; charset=utf-8")
                        .contentLength((long) value.length).checksumAlgorithm(ChecksumAlgorithm.SHA256).ifMatch(found.version()),
                AsyncRequestBody.fromBytes(value)))
                .map(replaced -> true)
                .onFailure(e -> S3Calls.isConditionRefused(e) || S3Calls.isNotFound(e)).recoverWithItem(false);
    }

    @Override
    public Uni<Optional<StoredKey>> readKey(String name) {
        return call(() -> client.getObject(request(name, null), AsyncResponseTransformer.toBytes()))
                .map(response -> Optional.of(new StoredKey(response.asByteArray(), response.response().eTag())))
                .onFailure(S3Calls::isNotFound).recoverWithItem(Optional.empty());
    }

    @Override
    public Uni<Void> deleteKey(String name) {
        return sweep.deleteKey(name);
    }

    @Override
    public String location() {
        return "s3://" + bucket;
    }

    private Uni<byte[]> getBytes(String key, ByteRange range) {
        return call(() -> client.getObject(request(key, range), AsyncResponseTransformer.toBytes()))
                .map(response -> response.asByteArray());
    }

    private GetObjectRequest request(String key, ByteRange range) {
        GetObjectRequest.Builder get = GetObjectRequest.builder().bucket(bucket).key(key);
        if (range != null) {
            get.range("bytes=" + range.offset() + "-" + (range.end() - 1));
        }
        return get.build();
    }
}
