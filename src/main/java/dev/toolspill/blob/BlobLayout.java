package dev.toolspill.blob;

import java.util.List;

/**
 * The one place that names what a store keeps, relative to its root or bucket: the blob itself as
 * {@code blobs/<uuid>.txt|.json}, readable from that name alone; its read index beside it as
 * {@code index/<uuid>.idx}; and unfinished writes under {@code tmp/}, which no reader looks at.
 */
public final class BlobLayout {

    public static final String BLOBS = "blobs";
    public static final String INDEX = "index";
    public static final String TMP = "tmp";

    /** The formats a blob id may be stored under, in the order readers look for them. */
    public static final List<BlobFormat> FORMATS = List.of(BlobFormat.TEXT, BlobFormat.JSON);

    private BlobLayout() {
    }

    public static String blob(BlobId id, BlobFormat format) {
        return BLOBS + "/" + id + "." + format.extension();
    }

    public static String index(BlobId id) {
        return INDEX + "/" + id + ".idx";
    }

    /** The prefix of a temp file for a write of {@code name} (a blob or index name): unique names start with it. */
    public static String tempPrefix(String name) {
        return name.substring(name.lastIndexOf('/') + 1) + ".";
    }

    public static final String TEMP_SUFFIX = ".part";
}
