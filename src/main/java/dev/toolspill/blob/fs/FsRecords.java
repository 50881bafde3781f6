package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobRecord;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/** A blob's {@link BlobRecord} as the file {@code blobs/<uuid>.meta}, written atomically like a blob. */
final class FsRecords {

    private FsRecords() {
    }

    static void write(Path root, BlobId id, BlobRecord record) throws IOException {
        String name = BlobLayout.record(id);
        FsFiles.writeAtomically(root.resolve(BlobLayout.TMP), root.resolve(name), BlobLayout.tempPrefix(name),
                BlobLayout.TEMP_SUFFIX, record.encode());
    }

    /** The record, or empty when none was kept (a blob written before records were) or it does not decode. */
    static Optional<BlobRecord> read(Path root, BlobId id) throws IOException {
        try {
            return BlobRecord.decode(Files.readAllBytes(root.resolve(BlobLayout.record(id))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
