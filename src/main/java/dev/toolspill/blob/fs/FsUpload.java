package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobUpload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;

/**
 * A blob written to a temp file under {@code tmp/}, its SHA-256 computed as it is written; on commit its record is
 * kept, then the blob renamed into place, so a visible blob always has its owner.
 */
final class FsUpload implements BlobUpload {

    private final Path root;
    private final BlobId id;
    private final Path temp;
    private final FileChannel channel;
    private final String owner;
    private final MessageDigest digest = BlobRecord.newDigest();
    private BlobRecord record;

    FsUpload(Path root, BlobId id, String owner) throws IOException {
        this.root = root;
        this.id = id;
        this.owner = owner;
        Path tmp = root.resolve(BlobLayout.TMP);
        Files.createDirectories(tmp);
        Files.createDirectories(root.resolve(BlobLayout.BLOBS));
        this.temp = Files.createTempFile(tmp, BlobLayout.tempPrefix(id.toString()), BlobLayout.TEMP_SUFFIX);
        this.channel = FileChannel.open(temp, StandardOpenOption.WRITE);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        FsFiles.writeFully(channel, ByteBuffer.wrap(bytes, offset, length));
        digest.update(bytes, offset, length);
    }

    @Override
    public BlobMetadata commit(BlobFormat format) throws IOException {
        channel.force(true);
        long size = channel.size();
        channel.close();
        BlobRecord kept = new BlobRecord(owner, BlobRecord.hex(digest.digest()), size);
        FsRecords.write(root, id, kept);
        FsFiles.moveIntoPlace(temp, root.resolve(BlobLayout.blob(id, format)));
        record = kept;
        return new BlobMetadata(id, format, size);
    }

    @Override
    public BlobRecord record() {
        if (record == null) {
            throw new IllegalStateException("an upload has a record once it has committed");
        }
        return record;
    }

    @Override
    public void abort() {
        try {
            channel.close();
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // a stray temp file under tmp/ is never read
        }
    }
}
