package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.Leases;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.toolspill.blob.s3.S3Calls.call;

/**
 * {@link Leases} as objects in the bucket every replica shares, {@code leases/<name>.<slot start>}: a lease is taken
 * by a PUT of its slot's key with {@code If-None-Match: *} (S3's conditional write, since August 2024; MinIO and
 * S3Proxy honour it too), which S3 lets exactly one writer of a key make; the others get 412 Precondition Failed (or
 * 409 while the winning write is under way). The object's content (holder, end of the slot) is for people only. Its
 * winner removes the objects of slots before the previous one. A server that ignores the header lets every replica
 * hold every slot, and one that refuses it as not implemented (501) is taken to: each replica then does the work,
 * which is safe, as without a lease.
 */
public final class S3Leases implements Leases {

    private final S3AsyncClient client;
    private final String bucket;
    private final Clock clock;
    private final AtomicBoolean warned = new AtomicBoolean();

    public S3Leases(S3AsyncClient client, String bucket, Clock clock) {
        this.client = client;
        this.bucket = bucket;
        this.clock = clock;
    }

    @Override
    public Uni<Boolean> take(String name, Duration ttl) {
        return Uni.createFrom().deferred(() -> {
            long slot = Leases.slotStart(clock.instant(), ttl);
            String key = BlobLayout.lease(name, slot);
            byte[] content = Leases.describe(slot, ttl);
            return call(() -> client.putObject(put -> ConditionalPuts.plainBody(put).bucket(bucket).key(key).ifNoneMatch("*")
                            .contentType("text/plain; charset=utf-8").contentLength((long) content.length),
                    AsyncRequestBody.fromBytes(content)))
                    .map(written -> true)
                    .onFailure(S3Calls::isConditionLost).recoverWithItem(false)
                    .onFailure(S3Calls::isNotImplemented).recoverWithItem(failure -> {
                        if (!warned.getAndSet(true)) {
                            Log.warnf("Leases: %s does not implement conditional writes (If-None-Match): every replica does the work %s", bucket, name);
                        }
                        return true;
                    })
                    .call(mine -> mine ? removeBefore(name, slot - Math.max(1, ttl.toMillis())) : Uni.createFrom().voidItem());
        });
    }

    /** Removes this name's leases of slots that started before {@code before}; a failure only leaves them for the next holder. */
    private Uni<Void> removeBefore(String name, long before) {
        return call(() -> client.listObjectsV2(list -> list.bucket(bucket).prefix(BlobLayout.leasePrefix(name))))
                .onItem().transformToMulti(page -> Multi.createFrom().<S3Object>iterable(page.contents()))
                .select().where(object -> BlobLayout.leaseSlot(name, object.key()).orElse(Long.MAX_VALUE) < before)
                .onItem().transformToUniAndConcatenate(object -> call(() -> client.deleteObject(delete -> delete.bucket(bucket).key(object.key())))
                        .onFailure(S3Calls::isNotFound).recoverWithNull())
                .collect().last()
                .replaceWithVoid()
                .onFailure().recoverWithUni(failure -> {
                    Log.debugf("Leases: old leases on %s stay in %s for now: %s", name, bucket, failure.getMessage());
                    return Uni.createFrom().voidItem();
                });
    }
}
