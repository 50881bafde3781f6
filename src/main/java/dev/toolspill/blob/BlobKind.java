package dev.toolspill.blob;

import dev.toolspill.output.Content;

/** The three shapes a blob can have; the file extension follows from it. */
public enum BlobKind {
    TEXT("text", "txt", "lines"),
    JSON_ARRAY("json_array", "json", "entries"),
    JSON_OBJECT("json_object", "json", "keys");

    private final String label;
    private final String extension;
    private final String unit;

    BlobKind(String label, String extension, String unit) {
        this.label = label;
        this.extension = extension;
        this.unit = unit;
    }

    /** The name used in summaries and API responses: {@code text}, {@code json_array}, {@code json_object}. */
    public String label() {
        return label;
    }

    public String extension() {
        return extension;
    }

    /** What {@link BlobInfo#count()} counts: lines, entries or keys. */
    public String unit() {
        return unit;
    }

    public boolean isJson() {
        return this != TEXT;
    }

    public String mediaType() {
        return isJson() ? "application/json" : "text/plain; charset=utf-8";
    }

    public static BlobKind of(Content content) {
        if (content instanceof Content.Structured structured) {
            return structured.json().isArray() ? JSON_ARRAY : JSON_OBJECT;
        }
        return TEXT;
    }
}
