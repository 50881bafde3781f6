package dev.toolspill.ledger;

import dev.toolspill.blob.BlobLayout;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the ledger's batches are, in the store: {@code ledger/<sha256(tenant) hex>/<yyyy-MM-dd>/<HH>/<batch>.jsonl},
 * UTC, one JSON line per entry, each entry in the folder of its own hour. A tenant's name is hashed so that a key
 * never spells it (and any name is a safe key); authentication off is the tenant {@code ""}. An hour's folder is what
 * retention removes whole.
 */
public final class LedgerLayout {

    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd/HH").withZone(ZoneOffset.UTC);
    private static final Pattern KEY = Pattern.compile("ledger/[0-9a-f]{64}/(\\d{4}-\\d{2}-\\d{2}/\\d{2})/[^/]+\\.jsonl");

    private LedgerLayout() {
    }

    /** Every tenant's batches. */
    public static String all() {
        return BlobLayout.LEDGER + "/";
    }

    /** The batches of {@code tenant} (null: authentication off). */
    public static String tenant(String tenant) {
        return all() + sha256(tenant == null ? "" : tenant) + "/";
    }

    /** The folder of {@code tenant}'s entries made in the hour of {@code at}. */
    public static String hour(String tenant, Instant at) {
        return tenant(tenant) + HOUR.format(at) + "/";
    }

    /** A batch's key: its hour's folder, then the time it was written, the replica and a counter. */
    public static String batch(String tenant, Instant hour, long writtenMillis, String replica, long n) {
        return hour(tenant, hour) + writtenMillis + "-" + replica + "-" + n + ".jsonl";
    }

    /** When a batch was written: the millis its name starts with ({@link #batch}); 0 for a key that is not a batch's. */
    public static long writtenMillis(String key) {
        String name = key.substring(key.lastIndexOf('/') + 1);
        int end = name.indexOf('-');
        try {
            return Long.parseLong(end < 0 ? name : name.substring(0, end));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The start of the hour a batch's key names, or empty for a key that is not a batch's. */
    public static Optional<Instant> hourOf(String key) {
        Matcher matcher = KEY.matcher(key);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        String hour = matcher.group(1);
        return Optional.of(Instant.parse(hour.substring(0, 10) + "T" + hour.substring(11) + ":00:00Z"));
    }

    /** The start of the hour {@code at} is in. */
    public static Instant hourStart(Instant at) {
        return at.truncatedTo(ChronoUnit.HOURS);
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
