package dev.toolspill.blob;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one place that names what a store keeps, relative to its root or bucket: the blob itself as
 * {@code blobs/<uuid>.txt|.json}, readable from that name alone; its read index beside it as
 * {@code index/<uuid>.idx}; what was recorded when it was written ({@link BlobRecord}: owner, SHA-256) as
 * {@code blobs/<uuid>.meta}; the content keys of deduplication as {@code hashes/<sha256 of tenant>/<sha256 of bytes>.key}
 * (never listed as blobs: their names do not parse as ids); unfinished writes under {@code tmp/}, which no reader
 * looks at; and the {@link Leases} of replicas under {@code leases/}, which no listing of blobs reads (it reads
 * {@code blobs/} and {@code index/} only); and the call ledger's batches under {@code ledger/} ({@link Journal}), which
 * no listing of blobs reads either.
 */
public final class BlobLayout {

    public static final String BLOBS = "blobs";
    public static final String INDEX = "index";
    public static final String TMP = "tmp";
    public static final String LEASES = "leases";
    public static final String HASHES = "hashes";
    public static final String LEDGER = "ledger";

    private static final Pattern LEASE_NAME = Pattern.compile("[a-z0-9-]{1,64}");

    /** The formats a blob id may be stored under, in the order readers look for them. */
    public static final List<BlobFormat> FORMATS = List.of(BlobFormat.TEXT, BlobFormat.JSON);

    private static final Set<String> KEPT_EXTENSIONS = Set.of(BlobFormat.TEXT.extension(), BlobFormat.JSON.extension(), "idx", "meta");

    private BlobLayout() {
    }

    public static String blob(BlobId id, BlobFormat format) {
        return BLOBS + "/" + id + "." + format.extension();
    }

    /** The blob's {@link BlobRecord}: beside the blob, written before the blob is visible, removed after it. */
    public static String record(BlobId id) {
        return BLOBS + "/" + id + ".meta";
    }

    /** Whether a kept name is a blob's record rather than the blob or its index. */
    public static boolean isRecord(String name) {
        return name.endsWith(".meta");
    }

    /**
     * The content key of bytes whose SHA-256 is {@code sha256}, stored by {@code owner} (a tenant, or null: nobody), in
     * the period {@code epoch} (negative: none, when blobs are kept for good): one folder per tenant, named by the
     * SHA-256 of the tenant's name, so that tenants never share a key and a name needs no escaping. It holds the name
     * of the blob that has those bytes ({@code blobs/<uuid>.<ext>}). Never parses as a blob id.
     */
    public static String contentKey(String owner, String sha256, long epoch) {
        String tenant = owner == null ? "-" : "=" + owner; // nobody is not the tenant named "" or "-"
        return HASHES + "/" + BlobRecord.hex(BlobRecord.newDigest().digest(tenant.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                + "/" + sha256 + (epoch < 0 ? "" : "." + epoch) + ".key";
    }

    public static String index(BlobId id) {
        return INDEX + "/" + id + ".idx";
    }

    /**
     * The id a kept name ({@code blobs/<uuid>.txt}, {@code index/<uuid>.idx}, or just its last segment) belongs to;
     * empty for a name that is not Toolspill's.
     */
    public static Optional<BlobId> idOf(String name) {
        String file = name.substring(name.lastIndexOf('/') + 1);
        int dot = file.indexOf('.');
        if (dot != 36 || !KEPT_EXTENSIONS.contains(file.substring(dot + 1))) {
            return Optional.empty();
        }
        try {
            return Optional.of(BlobId.parse(file.substring(0, dot)));
        } catch (InvalidBlobIdException e) {
            return Optional.empty();
        }
    }

    /** The lease on the work {@code name} for the slot that starts at {@code slotStart} ms since the epoch ({@link Leases}). */
    public static String lease(String name, long slotStart) {
        return leasePrefix(name) + slotStart;
    }

    /** What the names of every slot's lease on {@code name} start with. */
    public static String leasePrefix(String name) {
        if (!LEASE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a lease name is 1 to 64 lower-case letters, digits and dashes: " + name);
        }
        return LEASES + "/" + name + ".";
    }

    /** The slot start of a lease on {@code name} from its name (or last segment), or empty for another name. */
    public static OptionalLong leaseSlot(String name, String kept) {
        String prefix = leasePrefix(name).substring(LEASES.length() + 1);
        String file = kept.substring(kept.lastIndexOf('/') + 1);
        if (!file.startsWith(prefix)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(file.substring(prefix.length())));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** The prefix of a temp file for a write of {@code name} (a blob or index name): unique names start with it. */
    public static String tempPrefix(String name) {
        return name.substring(name.lastIndexOf('/') + 1) + ".";
    }

    public static final String TEMP_SUFFIX = ".part";
}
