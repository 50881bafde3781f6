package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * What retention needs of the filesystem store, as blocking calls for a worker thread: removing a blob's files,
 * reading a directory of kept names a batch at a time, and removing old temp files. Every removal tolerates a file
 * that another replica removed first.
 */
final class FsSweep {

    private FsSweep() {
    }

    /**
     * The index first, then the blob under either format, then its record: cut short, it leaves a blob that still
     * reads as before, or a record without a blob, never a blob without its owner.
     */
    static void delete(Path root, BlobId id) throws IOException {
        Files.deleteIfExists(root.resolve(BlobLayout.index(id)));
        for (var format : BlobLayout.FORMATS) {
            Files.deleteIfExists(root.resolve(BlobLayout.blob(id, format)));
        }
        Files.deleteIfExists(root.resolve(BlobLayout.record(id)));
    }

    /** Removes the regular files of {@code tmp} last modified before {@code cutoff}; a write still going on touches its file. */
    static int removeTempFiles(Path tmp, Instant cutoff) throws IOException {
        if (!Files.isDirectory(tmp)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(tmp)) {
            for (Path file : files) {
                try {
                    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    if (attributes.isRegularFile() && attributes.lastModifiedTime().toInstant().isBefore(cutoff) && Files.deleteIfExists(file)) {
                        removed++;
                    }
                } catch (NoSuchFileException e) {
                    // renamed into place, or removed by another replica, since the directory was read
                }
            }
        }
        return removed;
    }

    /** As {@link #removeTempFiles}, at start-up: says in the log what it removed, the temp files of writes a crash cut short. */
    static int removeCutShort(Path tmp, Instant cutoff) throws IOException {
        int removed = removeTempFiles(tmp, cutoff);
        if (removed > 0) {
            io.quarkus.logging.Log.infof("Removed %d temp files that writes cut short left in %s", removed, tmp);
        }
        return removed;
    }

    /** The ids in one directory of kept names made before a cutoff, read a batch at a time; close it when done. */
    static final class Listing implements Closeable {

        private final Path dir;
        private final DirectoryStream<Path> directory;
        private final Iterator<Path> entries;
        private final Instant cutoff;

        private Listing(Path dir, DirectoryStream<Path> directory, Instant cutoff) {
            this.dir = dir;
            this.directory = directory;
            this.entries = directory == null ? Collections.emptyIterator() : directory.iterator();
            this.cutoff = cutoff;
        }

        static Listing open(Path dir, Instant cutoff) throws IOException {
            try {
                return new Listing(dir, Files.newDirectoryStream(dir), cutoff);
            } catch (NoSuchFileException e) {
                return new Listing(dir, null, cutoff); // nothing stored yet
            }
        }

        /**
         * Up to {@code max} more ids made before the cutoff; empty only at the end of the directory. A blob's record
         * counts only when it is left without its blob (a write or removal cut short): else the blob names the id.
         */
        List<BlobId> next(int max) {
            List<BlobId> ids = new ArrayList<>();
            while (ids.size() < max && entries.hasNext()) {
                String name = entries.next().getFileName().toString();
                BlobLayout.idOf(name)
                        .filter(id -> id.created().isBefore(cutoff))
                        .filter(id -> !BlobLayout.isRecord(name) || withoutBlob(id))
                        .ifPresent(ids::add);
            }
            return ids;
        }

        private boolean withoutBlob(BlobId id) {
            return BlobLayout.FORMATS.stream().noneMatch(format -> Files.exists(dir.resolve(id + "." + format.extension())));
        }

        @Override
        public void close() {
            try {
                if (directory != null) {
                    directory.close();
                }
            } catch (IOException e) {
                // a directory opened only for reading: nothing is lost by failing to close it
            }
        }
    }
}
