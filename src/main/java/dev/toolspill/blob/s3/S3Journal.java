package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.Journal;
import dev.toolspill.config.ToolspillConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import mutiny.zero.flow.adapters.AdaptersToFlow;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.nio.ByteBuffer;
import java.util.List;

import static dev.toolspill.blob.s3.S3Calls.call;

/**
 * {@link Journal} as objects in the blobs' bucket, under {@code ledger/}: one PUT a batch, listed by prefix. A bean
 * made only when {@code storage.BlobStoreProducer} asks for it (store type {@code s3}).
 */
@Singleton
@Typed(S3Journal.class)
public final class S3Journal implements Journal {

    private final S3AsyncClient client;
    private final String bucket;

    public S3Journal(S3AsyncClient client, String bucket) {
        this.client = client;
        this.bucket = bucket;
    }

    @Inject
    public S3Journal(ToolspillConfig config, S3AsyncClient client) {
        this(client, config.blobStore().s3().bucket().orElseThrow());
    }

    @Override
    public Uni<Void> write(String key, List<byte[]> parts) {
        long length = parts.stream().mapToLong(part -> part.length).sum();
        // the parts as they are (not copied into one array): the ledger never changes a part it handed over
        return call(() -> client.putObject(put -> put.bucket(bucket).key(Journal.checked(key))
                        .contentType("application/jsonl").contentLength(length),
                AsyncRequestBody.fromByteBuffersUnsafe(parts.stream().map(ByteBuffer::wrap).toArray(ByteBuffer[]::new))))
                .replaceWithVoid();
    }

    @Override
    public Multi<String> list(String prefix) {
        return Multi.createFrom().<S3Object>deferred(() -> Multi.createFrom().publisher(AdaptersToFlow.publisher(
                        client.listObjectsV2Paginator(list -> list.bucket(bucket).prefix(prefix)).contents())))
                .onFailure().transform(e -> new BlobStoreException("S3 did not list " + prefix + " (" + S3Calls.rootCause(e) + ")", e))
                .map(S3Object::key)
                .emitOn(dev.toolspill.blob.CallerContext.executor());
    }

    @Override
    public Uni<byte[]> read(String key) {
        return call(() -> client.getObject(get -> get.bucket(bucket).key(Journal.checked(key)), AsyncResponseTransformer.toBytes()))
                .map(bytes -> bytes.asByteArray())
                .onFailure(S3Calls::isNotFound).recoverWithNull();
    }

    @Override
    public Uni<Void> delete(String key) {
        return call(() -> client.deleteObject(delete -> delete.bucket(bucket).key(Journal.checked(key)))).replaceWithVoid()
                .onFailure(S3Calls::isNotFound).recoverWithNull();
    }
}
