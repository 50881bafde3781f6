package dev.toolspill.blob;

/** How a blob's bytes are to be read: as text or as one JSON document. It names the file extension and media type. */
public enum BlobFormat {
    TEXT("txt", "text/plain; charset=utf-8"),
    JSON("json", "application/json");

    private final String extension;
    private final String mediaType;

    BlobFormat(String extension, String mediaType) {
        this.extension = extension;
        this.mediaType = mediaType;
    }

    public String extension() {
        return extension;
    }

    public String mediaType() {
        return mediaType;
    }
}
