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
 * {@code tmp/}, fsynced, then hard-linked to its name: {@code link(2)} fails when the name exists, atomically, so of
 * writers racing exactly one creates the key, and nobody ever reads a key partly written. Blocking: callers run these
 * on worker threads.
 */
final class FsKeys {

    private static final int ATTEMPTS = 3;

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
     * Replaces the key only if it still holds what {@code found} held. The filesystem has no compare-and-swap, so the
     * key is first renamed aside (a rename is atomic: of replicas racing, one takes it, the others find no key and
     * answer false), then checked: if what was taken is not what {@code found} held (another replica replaced it
     * meanwhile), it is linked back unless a newer key is there already, and the answer is false; else the new key is
     * linked in as {@link #create} does, failing (false) if another writer created one meanwhile. A value names a blob
     * id made once, so equal bytes are the same key. The caller that gets false reads the key again.
     */
    static boolean replace(Path root, String name, byte[] value, StoredKey found) throws IOException {
        Path target = root.resolve(name);
        Path tmp = root.resolve(BlobLayout.TMP);
        Files.createDirectories(tmp);
        Path aside = Files.createTempFile(tmp, BlobLayout.tempPrefix(name), BlobLayout.TEMP_SUFFIX);
        try {
            try {
                Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException e) {
                return false;
            }
            byte[] taken;
            try {
                taken = Files.readAllBytes(aside);
            } catch (NoSuchFileException e) {
                return false; // swept as an old temp file: the next store creates the key anew
            }
            if (!Arrays.equals(taken, found.value())) {
                linkUnlessThere(target, aside);
                return false;
            }
            Path fresh = written(root, target, value);
            try {
                return linkUnlessThere(target, fresh);
            } finally {
                Files.deleteIfExists(fresh);
            }
        } finally {
            Files.deleteIfExists(aside);
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

    /** The value in a temp file, durable, ready to be linked to its name. */
    private static Path written(Path root, Path target, byte[] value) throws IOException {
        Path tmp = root.resolve(BlobLayout.TMP);
        Files.createDirectories(tmp);
        Path temp = Files.createTempFile(tmp, BlobLayout.tempPrefix(target.toString()), BlobLayout.TEMP_SUFFIX);
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            FsFiles.writeFully(channel, ByteBuffer.wrap(value));
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        return temp;
    }
}
