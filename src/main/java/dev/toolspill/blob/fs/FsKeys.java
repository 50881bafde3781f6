package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.StoredKey;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * Content keys ({@link BlobLayout#contentKey}) as files, safe when replicas share the volume. A key is written whole to
 * {@code tmp/}, then hard-linked to its name: {@code link(2)} fails when the name exists, atomically, so of
 * writers racing exactly one creates the key, and nobody ever reads a key partly written. Blocking: callers run these
 * on worker threads.
 */
final class FsKeys {

    private static final int ATTEMPTS = 3;
    /** A replace lock older than this was left by a replica that died holding it (a replace takes milliseconds). */
    static final long STALE_LOCK_MILLIS = 30_000;

    private FsKeys() {
    }

    /** Empty when this call created the key; else what it holds (a key removed meanwhile is tried again). */
    static Optional<StoredKey> create(Path root, String name, byte[] value) throws IOException {
        Path target = root.resolve(name);
        Files.createDirectories(target.getParent());
        Path fresh = written(root, target, value);
        try {
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                try {
                    Files.createLink(target, fresh);
                    return Optional.empty();
                } catch (FileAlreadyExistsException e) {
                    Optional<StoredKey> found = read(root, name);
                    if (found.isPresent()) {
                        return found;
                    }
                    // removed since the link failed: try again
                }
            }
            throw new IOException("the content key " + name + " kept changing");
        } finally {
            Files.deleteIfExists(fresh);
        }
    }

    static Optional<StoredKey> read(Path root, String name) throws IOException {
        try {
            byte[] bytes = Files.readAllBytes(root.resolve(name));
            return Optional.of(new StoredKey(bytes, BlobRecord.hex(bytes)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * Replaces the key only if it still holds what {@code found} held. The filesystem has no compare-and-swap, so
     * replacing takes a lock first: {@code <key>.lock}, created only if absent (of replicas racing, one gets it; the
     * others answer false and the caller tries again a little later). Under the lock the key is read again and, if
     * unchanged, the new value is renamed over it in one atomic step, so the key never disappears and a concurrent
     * {@link #create} (a link, which fails while any key is there) cannot slip in between. A key removed meanwhile is
     * created. A lock left by a replica that died holding it is taken over once older than {@link #STALE_LOCK_MILLIS}.
     */
    static boolean replace(Path root, String name, byte[] value, StoredKey found) throws IOException {
        Path target = root.resolve(name);
        Path lock = target.resolveSibling(target.getFileName() + ".lock");
        try {
            Files.createFile(lock);
        } catch (FileAlreadyExistsException e) {
            if (heldLongerThanAReplace(lock)) {
                Files.deleteIfExists(lock); // its holder died: the next attempt takes it
            }
            return false;
        }
        try {
            Optional<StoredKey> now = read(root, name);
            Path fresh = written(root, target, value);
            try {
                if (now.isEmpty()) {
                    return linkUnlessThere(target, fresh);
                }
                if (!Arrays.equals(now.get().value(), found.value())) {
                    return false;
                }
                Files.move(fresh, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return true;
            } finally {
                Files.deleteIfExists(fresh);
            }
        } finally {
            Files.deleteIfExists(lock);
        }
    }

    /** Whether the lock is older than {@link #STALE_LOCK_MILLIS}; a lock its holder released meanwhile is not. */
    private static boolean heldLongerThanAReplace(Path lock) throws IOException {
        try {
            return System.currentTimeMillis() - Files.getLastModifiedTime(lock).toMillis() > STALE_LOCK_MILLIS;
        } catch (NoSuchFileException released) {
            return false;
        }
    }

    static Void delete(Path root, String name) throws IOException {
        Files.deleteIfExists(root.resolve(name));
        return null;
    }

    private static boolean linkUnlessThere(Path target, Path file) throws IOException {
        try {
            Files.createLink(target, file);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    /**
     * The value in a temp file, ready to be linked to its name; not fsynced: a key is advisory. One that a crash loses
     * or leaves empty costs the next write of its bytes a blob of its own, never a wrong answer, since the blob a key
     * names is checked (owner, SHA-256, size, still there) before it is handed out; the blob itself was made durable
     * before its key was written.
     */
    private static Path written(Path root, Path target, byte[] value) throws IOException {
        Path tmp = root.resolve(BlobLayout.TMP);
        Files.createDirectories(tmp);
        Path temp = Files.createTempFile(tmp, BlobLayout.tempPrefix(target.toString()), BlobLayout.TEMP_SUFFIX);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            FsFiles.writeFully(channel, ByteBuffer.wrap(value));
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return temp;
    }
}
