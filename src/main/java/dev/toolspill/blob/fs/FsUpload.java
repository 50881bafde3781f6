package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.UploadHops;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.List;

/**
 * A blob written to a temp file under {@code tmp/}, its SHA-256 computed as it is written; on commit it is fsynced,
 * its record kept, then the blob renamed into place, so a visible blob always has its owner. Each call is one hop to
 * the upload workers ({@link UploadHops}): a positional write of the chunk and its hash, never on the event loop.
 * The hops of one upload are serialized by its lock, so an abort that arrives during a write runs after it and a
 * write that comes after an abort opens nothing.
 */
final class FsUpload implements BlobUpload {

    private enum State { OPEN, COMMITTING, COMMITTED, ABORTED }

    private final Path root;
    private final BlobId id;
    private final String owner;
    private final UploadHops hops;
    private final long minFreeBytes;
    private final MessageDigest digest = BlobRecord.newDigest();
    private Path temp;
    private FileChannel channel;
    private FileStore disk;
    private long size;
    private State state = State.OPEN;
    private volatile BlobRecord record;

    FsUpload(Path root, BlobId id, String owner, UploadHops hops, long minFreeBytes) {
        this.root = root;
        this.id = id;
        this.owner = owner;
        this.hops = hops;
        this.minFreeBytes = minFreeBytes;
    }

    @Override
    public Uni<Void> write(Buffer chunk) {
        return write(List.of(chunk));
    }

    /** The chunks as they are, hashed and then written with one gathering write: no copy into one buffer first. */
    @Override
    public Uni<Void> write(List<Buffer> chunks) {
        return hops.run(() -> writeNow(chunks));
    }

    private synchronized void writeNow(List<Buffer> chunks) throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("this upload is " + state.name().toLowerCase() + ": it takes no more bytes");
        }
        open();
        ByteBuffer[] buffers = new ByteBuffer[chunks.size()];
        long bytes = 0;
        for (int i = 0; i < buffers.length; i++) {
            buffers[i] = chunks.get(i).getDelegate().getByteBuf().nioBuffer();
            digest.update(buffers[i].duplicate());
            bytes += buffers[i].remaining();
        }
        roomFor(bytes);
        FsFiles.writeFully(channel, buffers);
        size += bytes;
    }

    /** The temp file is made by the first hop, so starting an upload costs the caller nothing. */
    private void open() throws IOException {
        if (channel == null) {
            Path tmp = root.resolve(BlobLayout.TMP);
            Files.createDirectories(tmp);
            Files.createDirectories(root.resolve(BlobLayout.BLOBS));
            temp = Files.createTempFile(tmp, BlobLayout.tempPrefix(id.toString()), BlobLayout.TEMP_SUFFIX);
            channel = FileChannel.open(temp, StandardOpenOption.WRITE);
            disk = Files.getFileStore(tmp);
        }
    }

    /**
     * A disk that would keep less than {@code toolspill.blob-store.fs.min-free-bytes} after this write takes none of it:
     * the upload fails as on a full disk (its sender gets a 503 and keeps the output), before the disk is full for every
     * other write, and its abort removes what it wrote.
     */
    private void roomFor(long bytes) throws IOException {
        long free = minFreeBytes > 0 ? disk.getUsableSpace() : Long.MAX_VALUE;
        if (free - bytes < minFreeBytes) {
            throw new IOException("the store's disk has " + free + " bytes free, under toolspill.blob-store.fs.min-free-bytes = "
                    + minFreeBytes + " with this write");
        }
    }

    @Override
    public Uni<BlobMetadata> commit(BlobFormat format) {
        return hops.call(() -> commitNow(format));
    }

    private synchronized BlobMetadata commitNow(BlobFormat format) throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("this upload is " + state.name().toLowerCase() + ": it cannot commit again");
        }
        state = State.COMMITTING;
        try {
            open();
            channel.force(true);
            channel.close();
            BlobRecord kept = new BlobRecord(owner, BlobRecord.hex(digest.digest()), size);
            FsRecords.write(root, id, kept);
            FsFiles.moveIntoPlace(temp, root.resolve(BlobLayout.blob(id, format)));
            record = kept;
            state = State.COMMITTED;
            return new BlobMetadata(id, format, size);
        } catch (IOException | RuntimeException e) {
            state = State.OPEN; // an abort removes what is left
            throw e;
        }
    }

    /** The digest so far from a copy of it, so the upload goes on as if it had not been asked. */
    @Override
    public Uni<java.util.Optional<BlobRecord>> recordSoFar() {
        return hops.call(() -> {
            synchronized (this) {
                return java.util.Optional.of(new BlobRecord(owner, BlobRecord.hex(((java.security.MessageDigest) digest.clone()).digest()), size));
            }
        });
    }

    @Override
    public BlobRecord record() {
        return BlobRecord.ofCommitted(record);
    }

    @Override
    public Uni<Void> abort() {
        return hops.run(this::abortNow).onFailure().recoverWithNull();
    }

    private synchronized void abortNow() {
        if (state == State.COMMITTED || state == State.ABORTED) {
            return;
        }
        state = State.ABORTED;
        try {
            if (channel != null) {
                channel.close();
            }
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException ignored) {
            // a stray temp file under tmp/ is never read, and the sweep of unfinished writes removes it
        }
    }
}
