package dev.toolspill.blob;

import io.smallrye.mutiny.Uni;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * Leases on named pieces of work that one replica at a time should do (a retention sweep), each for a duration: the
 * one concept behind "one sweeper at a time". With a shared Redis the lease is a key there ({@code quota.SharedQuotas});
 * without one it is an object in the shared store ({@code blob.fs.FsLeases}, {@code blob.s3.S3Leases}); with no store
 * every replica may do the work ({@link #EVERYONE}). {@code storage.BlobStoreProducer} chooses.
 * <p>
 * In a store, a lease is a <em>slot</em>: time is cut into slots of {@code ttl} from the epoch, and the lease of a slot
 * is the object {@link BlobLayout#lease}{@code (name, slot start)}, created only if it is absent (a file opened with
 * {@code CREATE_NEW}, that is {@code O_EXCL}; an S3 PUT with {@code If-None-Match: *}). Whoever creates it holds the
 * lease until the slot ends; the next slot has another name. So no lease is ever taken over, and the one atomic step
 * needed is create-if-absent, which both stores have: there is no read-then-replace race to lose (a takeover of an
 * expired lease would need a compare-and-swap, which a filesystem's unconditional rename is not). A holder that dies
 * holds its slot no longer than the slot lasts. Replicas whose clocks disagree by {@code d} may both hold adjacent
 * slots within {@code d} of a boundary: the work is done twice, which it must be safe to be, only wasteful.
 */
public interface Leases {

    /** No lease: every replica may do the work (no store, so nothing to sweep, or nothing shared to hold a lease in). */
    Leases EVERYONE = (name, ttl) -> Uni.createFrom().item(true);

    /**
     * Whether this replica holds the lease on {@code name} for the next {@code ttl} (in a store: the rest of the
     * current slot of {@code ttl}). Completes with false when another replica holds it; fails when the place that
     * keeps leases cannot be asked. {@code name} is lower-case letters, digits and dashes.
     */
    Uni<Boolean> take(String name, Duration ttl);

    /** The start of the slot of {@code ttl} that {@code now} is in, in milliseconds since the epoch. */
    static long slotStart(Instant now, Duration ttl) {
        long length = Math.max(1, ttl.toMillis());
        return Math.floorDiv(now.toEpochMilli(), length) * length;
    }

    /** What a lease object says of who holds it until when, for whoever looks in the store: never read back to decide. */
    static byte[] describe(long slotStart, Duration ttl) {
        return ("holder=" + HOLDER + "\nuntil=" + Instant.ofEpochMilli(slotStart + Math.max(1, ttl.toMillis())) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** This process, as a lease names its holder: the JVM's pid@host and a random part. */
    String HOLDER = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID().toString().substring(0, 8);
}
