package dev.toolspill.blob;

/**
 * A content key as a store found it: its bytes, and the version a conditional replace names ({@link
 * BlobStore#replaceKey}): the S3 ETag, or on the filesystem the bytes themselves.
 */
public record StoredKey(byte[] value, String version) {
}
