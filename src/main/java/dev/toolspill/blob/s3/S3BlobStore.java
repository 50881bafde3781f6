package dev.toolspill.blob.s3;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.Lru;
import dev.toolspill.blob.Offload;
import dev.toolspill.output.Content;
import dev.toolspill.output.JsonLayout;
import dev.toolspill.output.ReadIndex;
import dev.toolspill.output.TextLines;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import mutiny.zero.flow.adapters.AdaptersToFlow;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Blobs as S3 objects {@code blobs/<uuid>.txt|json} in one bucket that every replica shares. Each PUT
 * carries a real Content-Type and a SHA-256 checksum; kind and count ride along as user metadata, so a
 * HEAD answers {@link #stat} for blobs this store wrote, and others are counted by reading them.
 * Results come back on the caller's Vert.x context, not on the SDK's Netty threads.
 */
public class S3BlobStore implements BlobStore {

    static final String META_KIND = "toolspill-kind";
    static final String META_COUNT = "toolspill-count";

    private final S3AsyncClient client;
    private final String bucket;
    private final ObjectMapper mapper;
    private final Map<BlobId, String> keys = Lru.map(10_000);

    public S3BlobStore(S3AsyncClient client, String bucket, ObjectMapper mapper) {
        this.client = client;
        this.bucket = bucket;
        this.mapper = mapper;
    }

    @Override
    public Uni<BlobInfo> store(BlobId id, Content content) {
        BlobKind kind = BlobKind.of(content);
        byte[] bytes = content.text().getBytes(StandardCharsets.UTF_8);
        long count = content instanceof Content.Structured s ? s.json().size() : TextLines.count(content.text());
        String key = BlobInfo.key(id, kind);
        return call(() -> client.putObject(put -> put.bucket(bucket).key(key)
                                .contentType(kind.mediaType())
                                .contentLength((long) bytes.length)
                                .checksumSHA256(sha256(bytes))
                                .metadata(Map.of(META_KIND, kind.label(), META_COUNT, Long.toString(count))),
                        AsyncRequestBody.fromBytes(bytes)))
                .map(ignored -> new BlobInfo(id, kind, bytes.length, count, Instant.now()));
    }

    @Override
    public Uni<Content> load(BlobId id) {
        return head(id).flatMap(head -> getBytes(head.key(), null).map(bytes -> {
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (head.kind().isJson()) {
                try {
                    return new Content.Structured(mapper.readTree(text), text);
                } catch (IOException e) {
                    throw new BlobStoreException("blob " + id + " is not valid JSON: " + e.getMessage(), e);
                }
            }
            return new Content.Text(text);
        }));
    }

    @Override
    public Uni<Boolean> exists(BlobId id) {
        return head(id).map(head -> true)
                .onFailure(BlobNotFoundException.class).recoverWithItem(false);
    }

    @Override
    public Uni<BlobInfo> stat(BlobId id) {
        return head(id).flatMap(head -> {
            String count = head.response().metadata().get(META_COUNT);
            if (count != null) {
                return Uni.createFrom().item(head.info(Long.parseLong(count)));
            }
            // Written by someone else: count by reading it once.
            return getBytes(head.key(), null).map(bytes -> head.info(countOf(head.kind(), bytes)));
        });
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        if (range.length() == 0) {
            return exists(id).map(found -> {
                if (!found) {
                    throw new BlobNotFoundException(id);
                }
                return new byte[0];
            });
        }
        // One ranged GET once the name is known: S3 clamps an end past the object and answers 416 past its start.
        return keyOf(id).flatMap(key -> getBytes(key, range)
                .onFailure(S3BlobStore::isUnsatisfiable).recoverWithItem(new byte[0]));
    }

    /** The object name of a blob. Blobs never change, so what one HEAD found is kept for the next reads. */
    private Uni<String> keyOf(BlobId id) {
        String known = keys.get(id);
        if (known != null) {
            return Uni.createFrom().item(known);
        }
        return head(id).map(head -> {
            keys.put(id, head.key());
            return head.key();
        });
    }

    static boolean isUnsatisfiable(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return t instanceof S3Exception s3 && s3.statusCode() == 416;
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return head(id).map(head -> new BlobMetadata(id, head.kind(), head.response().contentLength()));
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return head(id).onItem().transformToMulti(head -> {
            ByteRange clipped = clip(range, head.response().contentLength());
            if (clipped.length() == 0) {
                return Multi.createFrom().<Buffer>empty();
            }
            return call(() -> client.getObject(request(head.key(), clipped), AsyncResponseTransformer.toPublisher()))
                    .onItem().transformToMulti(publisher -> Multi.createFrom().publisher(AdaptersToFlow.publisher(publisher)))
                    .map(chunk -> {
                        byte[] bytes = new byte[chunk.remaining()];
                        chunk.get(bytes);
                        return Buffer.buffer(bytes);
                    });
        });
    }

    @Override
    public BlobUpload upload(BlobId id, BlobKind guess) {
        return new S3Upload(client, bucket, id, guess);
    }

    @Override
    public Uni<Void> storeIndex(BlobId id, byte[] index) {
        return call(() -> client.putObject(put -> put.bucket(bucket).key(ReadIndex.key(id)).contentType("application/json")
                        .contentLength((long) index.length).checksumSHA256(sha256(index)),
                AsyncRequestBody.fromBytes(index))).replaceWithVoid();
    }

    @Override
    public Uni<Optional<byte[]>> loadIndex(BlobId id) {
        return getBytes(ReadIndex.key(id), null).map(Optional::of)
                .onFailure(S3BlobStore::isNotFound).recoverWithItem(Optional.empty());
    }

    @Override
    public Uni<Void> checkReady() {
        return call(() -> client.headBucket(head -> head.bucket(bucket))).replaceWithVoid()
                .onFailure().transform(e -> new BlobStoreException(isNotFound(e)
                        ? "bucket '" + bucket + "' does not exist: create it, or set toolspill.blob-store.s3.create-bucket=true"
                        : "bucket '" + bucket + "' is unreachable: " + rootCause(e), e));
    }

    /** Creates the bucket if it is missing (development convenience). */
    public Uni<Void> createBucketIfMissing() {
        return checkReady().onFailure().recoverWithUni(e ->
                call(() -> client.createBucket(create -> create.bucket(bucket))).replaceWithVoid());
    }

    @Override
    public String location() {
        return "s3://" + bucket;
    }

    /** HEAD the text name, then the JSON name: the id alone does not say which. */
    private Uni<Head> head(BlobId id) {
        return head(id, BlobKind.TEXT).onFailure(BlobNotFoundException.class).recoverWithUni(() -> head(id, BlobKind.JSON_ARRAY));
    }

    private Uni<Head> head(BlobId id, BlobKind guess) {
        String key = BlobInfo.key(id, guess);
        return call(() -> client.headObject(head -> head.bucket(bucket).key(key)))
                .onFailure(S3BlobStore::isNotFound).transform(e -> new BlobNotFoundException(id))
                .flatMap(response -> kindOf(key, guess, response).map(kind -> new Head(id, key, kind, response)));
    }

    /** JSON objects say array or object in their metadata; otherwise the first bytes tell. */
    private Uni<BlobKind> kindOf(String key, BlobKind guess, HeadObjectResponse response) {
        if (!guess.isJson()) {
            return Uni.createFrom().item(BlobKind.TEXT);
        }
        String label = response.metadata().get(META_KIND);
        if (BlobKind.JSON_OBJECT.label().equals(label)) {
            return Uni.createFrom().item(BlobKind.JSON_OBJECT);
        }
        if (BlobKind.JSON_ARRAY.label().equals(label)) {
            return Uni.createFrom().item(BlobKind.JSON_ARRAY);
        }
        return getBytes(key, new ByteRange(0, Math.min(4096, response.contentLength()))).map(start -> {
            for (byte b : start) {
                if (b == '[') {
                    return BlobKind.JSON_ARRAY;
                }
                if (b == '{') {
                    return BlobKind.JSON_OBJECT;
                }
            }
            return BlobKind.JSON_OBJECT;
        });
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

    private static ByteRange clip(ByteRange range, long size) {
        long start = Math.min(range.offset(), size);
        return ByteRange.between(start, Math.min(size, range.end()));
    }

    private static long countOf(BlobKind kind, byte[] bytes) {
        try (InputStream in = new ByteArrayInputStream(bytes)) {
            return kind.isJson() ? JsonLayout.count(in) : TextLines.count(in);
        } catch (IOException e) {
            throw new BlobStoreException("could not count blob: " + e.getMessage(), e);
        }
    }

    /** Wraps an SDK call lazily and hands its result back on the caller's context. */
    private static <T> Uni<T> call(Supplier<CompletableFuture<T>> request) {
        return Uni.createFrom().completionStage(request)
                .onFailure(CompletionException.class).transform(Throwable::getCause)
                .emitOn(Offload.callerContext());
    }

    static boolean isNotFound(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return t instanceof S3Exception s3 && s3.statusCode() == 404;
    }

    private static String rootCause(Throwable failure) {
        Throwable t = failure;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }

    static String sha256(byte[] bytes) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Head(BlobId id, String key, BlobKind kind, HeadObjectResponse response) {
        BlobInfo info(long count) {
            Instant created = Optional.ofNullable(response.lastModified()).orElse(Instant.now());
            return new BlobInfo(id, kind, response.contentLength(), count, created);
        }
    }
}
