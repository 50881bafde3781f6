package dev.toolspill.history;

/** Where an output went, as metrics count it ({@code toolspill_outputs_total{disposition=...}}). */
public enum Disposition {
    /** Whole in history: small enough, or no store is configured and the limit did not cut it. */
    INLINE,
    /** In a blob; history holds its summary (or all of it, when that fits the limit). */
    STORED,
    /** The limit cut what history holds (the full output is in a blob when a store exists). */
    TRUNCATED,
    /** Kept in this replica's local spool until the store takes it. */
    SPOOLED,
    /** The store could not take it: the limit alone guarded history, and the rest is not kept. */
    UNSTORED;

    // made once: every call asks for it (metrics, the ledger), and lower-casing each time showed in a profile
    private final String label = name().toLowerCase(java.util.Locale.ROOT);

    public String label() {
        return label;
    }

    static Disposition of(StoredBlob blob, Admitted.Truncation truncated) {
        if (blob != null && blob.spooled()) {
            return SPOOLED;
        }
        if (truncated != null) {
            return TRUNCATED;
        }
        return blob != null ? STORED : INLINE;
    }
}
