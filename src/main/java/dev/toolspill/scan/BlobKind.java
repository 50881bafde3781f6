package dev.toolspill.scan;

import dev.toolspill.blob.BlobFormat;

/** What a scan found an output to be; the store only learns the {@link BlobFormat} that follows from it. */
public enum BlobKind {
    TEXT("text", "lines"),
    JSON_ARRAY("json_array", "entries"),
    JSON_OBJECT("json_object", "keys");

    private final String label;
    private final String unit;

    BlobKind(String label, String unit) {
        this.label = label;
        this.unit = unit;
    }

    /** The name used in summaries and API responses: {@code text}, {@code json_array}, {@code json_object}. */
    public String label() {
        return label;
    }

    /** What a blob's count counts: lines, entries or keys. */
    public String unit() {
        return unit;
    }

    public boolean isJson() {
        return this != TEXT;
    }

    public BlobFormat format() {
        return isJson() ? BlobFormat.JSON : BlobFormat.TEXT;
    }

    public static BlobKind ofLabel(String label) {
        for (BlobKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown kind '" + label + "'");
    }
}
