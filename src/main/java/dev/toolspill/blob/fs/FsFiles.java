package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStoreException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Durable file writes: write to a temp file, fsync, rename into place atomically, fsync the directory. */
final class FsFiles {

    private FsFiles() {
    }

    /** A step that may fail with an {@link IOException}. */
    interface IoStep {
        void run() throws IOException;
    }

    static void writeAtomically(Path tmpDir, Path target, String tempPrefix, String tempSuffix, byte[] bytes) throws IOException {
        writeAtomically(tmpDir, target, tempPrefix, tempSuffix, bytes, () -> { });
    }

    /** As above, running {@code beforeVisible} once the bytes are durable and before they appear under {@code target}. */
    static void writeAtomically(Path tmpDir, Path target, String tempPrefix, String tempSuffix, byte[] bytes,
                                IoStep beforeVisible) throws IOException {
        writeAtomically(tmpDir, target, tempPrefix, tempSuffix, new ByteBuffer[] {ByteBuffer.wrap(bytes)}, beforeVisible);
    }

    /** As above, the file being the buffers one after the other (a large content need not be one array). */
    static void writeAtomically(Path tmpDir, Path target, String tempPrefix, String tempSuffix, ByteBuffer[] buffers,
                                IoStep beforeVisible) throws IOException {
        Files.createDirectories(tmpDir);
        Files.createDirectories(target.getParent());
        Path temp = Files.createTempFile(tmpDir, tempPrefix, tempSuffix);
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                writeFully(channel, buffers);
                channel.force(true);
            }
            beforeVisible.run();
            moveIntoPlace(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The file of the blob, under whichever format it has. */
    static Path find(Path root, BlobId id) {
        return find(root, id, false);
    }

    /**
     * As above; when the store was {@code prepared} (its folders made), a blobs folder that is gone since (unmounted,
     * moved, replaced by a file) is an outage of the store, not an unknown id: its reads answer 503, never 404.
     */
    static Path find(Path root, BlobId id, boolean prepared) {
        for (BlobFormat format : BlobLayout.FORMATS) {
            Path file = root.resolve(BlobLayout.blob(id, format));
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        if (prepared && !Files.isDirectory(root.resolve(BlobLayout.BLOBS))) {
            throw new BlobStoreException("the filesystem store's folder is gone (unmounted, moved or replaced)", null);
        }
        throw new BlobNotFoundException(id);
    }

    static BlobFormat formatOf(Path file) {
        return file.getFileName().toString().endsWith("." + BlobFormat.JSON.extension()) ? BlobFormat.JSON : BlobFormat.TEXT;
    }

    static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** Writes every buffer, in order, with as few gathering writes as the channel allows. */
    static void writeFully(FileChannel channel, ByteBuffer[] buffers) throws IOException {
        int first = 0;
        while (first < buffers.length) {
            channel.write(buffers, first, buffers.length - first);
            while (first < buffers.length && !buffers[first].hasRemaining()) {
                first++;
            }
        }
    }

    static void moveIntoPlace(Path temp, Path target) throws IOException {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        syncDirectory(target.getParent());
    }

    /** Makes a rename itself durable; some platforms cannot open a directory, and then it is skipped. */
    private static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the file itself is already on disk
        }
    }

    /** Reads {@code length} bytes at {@code position}, or fewer only when the file ends first. */
    static byte[] readAt(FileChannel channel, long position, int length) throws IOException {
        byte[] bytes = new byte[length];
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining() && channel.read(buffer, position + buffer.position()) > 0) {
            // positional reads may return less than asked: read until full or at the end
        }
        return buffer.hasRemaining() ? java.util.Arrays.copyOf(bytes, buffer.position()) : bytes;
    }

    /** What went wrong, in words (no path: answers and readiness repeat it): a full disk, a read-only or refused folder. */
    static String why(IOException e) {
        if (BlobStoreException.diskFull(e)) {
            return "its disk is full";
        }
        if (String.valueOf(e.getMessage()).contains("Read-only file system")) {
            return "its file system is read-only";
        }
        if (e instanceof java.nio.file.AccessDeniedException || String.valueOf(e.getMessage()).contains("Permission denied")) {
            return "permission denied (see the replica's log at start-up for the user id and the fix)";
        }
        String reason = e instanceof java.nio.file.FileSystemException fse ? fse.getReason() : e.getMessage();
        return reason == null ? "an I/O error" : reason;
    }
}
