package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.StoredKey;
import dev.toolspill.blob.UploadHops;
import dev.toolspill.config.ToolspillConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.LongStream;

/**
 * Blobs as files under one root, named by {@link BlobLayout}. A blob is written to {@code tmp/}, fsynced and
 * renamed into place atomically, so no reader and no crash ever sees part of one. File I/O runs on Vert.x
 * worker threads ({@code executeBlocking}; an upload's on the few shared {@link UploadHops}); {@link #stream} reads
 * {@value #CHUNK_BYTES}-byte chunks as they are requested, and {@link #localFile} lets the HTTP layer send a file.
 */
@Singleton
@Typed(FsBlobStore.class)
public class FsBlobStore implements BlobStore {

    static final int CHUNK_BYTES = 64 * 1024; // of stream: large enough for few worker hops, small enough to keep memory flat
    /** Chunks of {@link #streamInBulk}: a 1 GiB search takes 4096 hand-offs instead of 16384 (they cost most on a busy machine). */
    static final int BULK_CHUNK_BYTES = 256 * 1024;

    private static final int LIST_BATCH = 256; // ids one worker hop of a listing hands on
    private final Path root;
    private final Vertx vertx;
    private final long minFreeBytes;
    /** At start-up, a temp file not written to for this long is what a crashed write left (a live one writes, or stalls and is dropped). */
    private final Duration crashedAfter;
    private final UploadHops hops;
    private volatile boolean prepared; // its folders were made once: FsFiles.find tells an outage from an unknown id

    @Inject
    public FsBlobStore(ToolspillConfig config, Vertx vertx) {
        this(config.blobStore().fs().root(), vertx, config.blobStore().fs().minFreeBytes(), config.ingest().stallTimeout().multipliedBy(2),
                UploadHops.shared(vertx, config.ingest().writerThreads()));
    }

    public FsBlobStore(Path root, Vertx vertx) {
        this(root, vertx, Duration.ofMinutes(1));
    }
    public FsBlobStore(Path root, Vertx vertx, Duration crashedAfter) {
        this(root, vertx, 0, crashedAfter, UploadHops.shared(vertx, UploadHops.DEFAULT_THREADS));
    }

    public FsBlobStore(Path root, Vertx vertx, long minFreeBytes, Duration crashedAfter, UploadHops hops) {
        this.hops = hops;
        this.root = root.toAbsolutePath().normalize();
        this.vertx = vertx;
        this.minFreeBytes = minFreeBytes;
        this.crashedAfter = crashedAfter;
    }

    /** The bytes to a temp file, then the record, then the rename: a visible blob always has its record. */
    @Override
    public Uni<BlobMetadata> putRecorded(BlobId id, BlobFormat format, byte[] bytes, BlobRecord record) {
        return blocking(() -> {
            String name = BlobLayout.blob(id, format);
            FsFiles.writeAtomically(root.resolve(BlobLayout.TMP), root.resolve(name), BlobLayout.tempPrefix(name),
                    BlobLayout.TEMP_SUFFIX, bytes, () -> FsRecords.write(root, id, record));
            return new BlobMetadata(id, format, bytes.length);
        });
    }

    @Override
    public BlobUpload upload(BlobId id, BlobFormat guess, String owner) {
        return new FsUpload(root, id, owner, hops, minFreeBytes);
    }

    @Override
    public Uni<Optional<BlobRecord>> readRecord(BlobId id) {
        return blocking(() -> FsRecords.read(root, id));
    }

    @Override
    public Uni<BlobMetadata> metadata(BlobId id) {
        return blocking(() -> {
            Path file = find(id);
            return new BlobMetadata(id, FsFiles.formatOf(file), Files.size(file));
        });
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return blocking(() -> {
            try (FileChannel channel = FileChannel.open(find(id), StandardOpenOption.READ)) {
                long end = Math.min(range.end(), channel.size());
                int length = (int) Math.max(0, Math.min(Integer.MAX_VALUE - 8, end - range.offset()));
                return FsFiles.readAt(channel, range.offset(), length);
            } catch (NoSuchFileException e) {
                throw new BlobNotFoundException(id);
            }
        });
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return stream(id, range, CHUNK_BYTES);
    }

    @Override
    public Multi<Buffer> streamInBulk(BlobId id, ByteRange range) {
        return stream(id, range, BULK_CHUNK_BYTES);
    }

    private Multi<Buffer> stream(BlobId id, ByteRange range, int chunkBytes) {
        return Multi.createFrom().resourceFromUni(() -> blocking(() -> open(id)), file -> chunks(file, range, chunkBytes))
                .withFinalizer(OpenFile::close);
    }

    @Override
    public Optional<Path> localFile(BlobMetadata blob) {
        return Optional.of(root.resolve(blob.name()));
    }

    @Override
    public Uni<Void> putIndex(BlobId id, byte[] index) {
        return blocking(() -> {
            writeAtomically(BlobLayout.index(id), index);
            return null;
        });
    }

    @Override
    public Uni<Optional<byte[]>> readIndex(BlobId id) {
        return blocking(() -> {
            Path file = root.resolve(BlobLayout.index(id));
            return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.<byte[]>empty();
        });
    }

    @Override
    public Uni<Void> delete(BlobId id) {
        return blocking(() -> {
            FsSweep.delete(root, id);
            return null;
        });
    }

    /** Blobs first, then the indexes still there (those whose blob is gone); each directory read on workers, a batch at a time. */
    @Override
    public Multi<BlobId> idsBefore(Instant cutoff) {
        return Multi.createBy().concatenating().streams(idsIn(BlobLayout.BLOBS, cutoff), idsIn(BlobLayout.INDEX, cutoff));
    }

    private Multi<BlobId> idsIn(String dir, Instant cutoff) {
        return Multi.createFrom().resourceFromUni(() -> blocking(() -> FsSweep.Listing.open(root.resolve(dir), cutoff)),
                        listing -> Multi.createBy().repeating().uni(() -> blocking(() -> listing.next(LIST_BATCH)))
                                .until(List::isEmpty)
                                .onItem().<BlobId>disjoint())
                .withFinalizer(FsSweep.Listing::close);
    }

    @Override
    public Uni<Integer> removeUnfinished(Instant cutoff) {
        return blocking(() -> FsSweep.removeTempFiles(root.resolve(BlobLayout.TMP), cutoff));
    }

    /**
     * Checks the store, then removes the temp files of writes a crash cut short: those not written to for
     * {@code crashedAfter} at once, and, one {@code crashedAfter} later, those not written to since this replica started
     * (a write of a live replica sharing the volume writes on, or stalls and is dropped, within that time), so a restart
     * right after a crash leaves nothing behind for long.
     */
    @Override
    public Uni<Void> prepare() {
        Instant started = Instant.now();
        return checkReady().chain(() -> removeTempFiles(started.minus(crashedAfter)))
                .invoke(() -> vertx.setTimer(Math.max(1, crashedAfter.toMillis()),
                        timer -> removeTempFiles(started).subscribe().with(ignored -> { }, failure -> { })))
                .replaceWithVoid();
    }

    private Uni<Integer> removeTempFiles(Instant notWrittenSince) {
        return blocking(() -> FsSweep.removeCutShort(root.resolve(BlobLayout.TMP), notWrittenSince))
                .onFailure().recoverWithItem(0); // retention tries again on its next pass
    }

    @Override
    public Uni<Void> checkReady() {
        return blocking(() -> {
            Path tmp = root.resolve(BlobLayout.TMP);
            Files.createDirectories(root.resolve(BlobLayout.BLOBS));
            Files.createDirectories(tmp);
            prepared = true;
            Files.delete(Files.createTempFile(tmp, "ready-", ".probe"));
            long free = Files.getFileStore(tmp).getUsableSpace();
            if (free < minFreeBytes) {
                // an empty probe file still fits on a full disk: the free space is what says whether blobs do
                throw new BlobStoreException("the store's disk has " + free + " bytes free, under toolspill.blob-store.fs.min-free-bytes = "
                        + minFreeBytes, null);
            }
            return null;
        });
    }

    @Override
    public Uni<Optional<StoredKey>> createKey(String name, byte[] value) {
        return blocking(() -> FsKeys.create(root, name, value));
    }

    @Override
    public Uni<Boolean> replaceKey(String name, byte[] value, StoredKey found) {
        return blocking(() -> FsKeys.replace(root, name, value, found));
    }

    @Override
    public Uni<Optional<StoredKey>> readKey(String name) {
        return blocking(() -> FsKeys.read(root, name));
    }

    @Override
    public Uni<Void> deleteKey(String name) {
        return blocking(() -> FsKeys.delete(root, name));
    }

    @Override
    public String location() {
        return root.toString();
    }

    private void writeAtomically(String name, byte[] bytes) throws IOException {
        FsFiles.writeAtomically(root.resolve(BlobLayout.TMP), root.resolve(name), BlobLayout.tempPrefix(name),
                BlobLayout.TEMP_SUFFIX, bytes);
    }

    private Path find(BlobId id) {
        return FsFiles.find(root, id, prepared);
    }

    /** File I/O on a Vert.x worker thread; the result comes back on the caller's context. */
    private <T> Uni<T> blocking(Callable<T> work) {
        return vertx.executeBlocking(() -> {
            try {
                return work.call();
            } catch (BlobNotFoundException | BlobStoreException e) {
                throw e;
            } catch (NoSuchFileException e) {
                throw new BlobStoreException("a file of the store vanished while it was read", e);
            } catch (IOException e) {
                throw new BlobStoreException("the filesystem store failed: " + FsFiles.why(e), e);
            }
        }, false);
    }

    private OpenFile open(BlobId id) throws IOException {
        try {
            FileChannel channel = FileChannel.open(find(id), StandardOpenOption.READ);
            return new OpenFile(channel, channel.size());
        } catch (NoSuchFileException e) {
            throw new BlobNotFoundException(id);
        }
    }

    /** One worker-thread read per chunk, subscribed to only when the previous chunk was taken downstream. */
    private Multi<Buffer> chunks(OpenFile file, ByteRange range, int chunkBytes) {
        long end = range.offset() + Math.max(0, Math.min(range.length(), file.size() - range.offset()));
        return Multi.createFrom().items(() -> LongStream.iterate(range.offset(), at -> at < end, at -> at + chunkBytes).boxed())
                .onItem().transformToUniAndConcatenate(at -> blocking(() -> {
                    int length = (int) Math.min(chunkBytes, end - at);
                    byte[] bytes = FsFiles.readAt(file.channel(), at, length);
                    if (bytes.length < length) {
                        throw new BlobStoreException("a blob file ended " + (length - bytes.length)
                                + " bytes early: was it changed in place?", null);
                    }
                    return Buffer.buffer(bytes);
                }));
    }
}
