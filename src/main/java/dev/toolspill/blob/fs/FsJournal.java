package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.Journal;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@link Journal} as files under the store's root ({@code <root>/ledger/...}), each written atomically through the
 * store's {@code tmp/} folder (a temporary file, fsync, rename), so a reader sees a whole file or none. File work runs
 * on a Vert.x worker thread.
 */
public final class FsJournal implements Journal {

    private final Path root;
    private final Vertx vertx;

    public FsJournal(Path root, Vertx vertx) {
        this.root = root.toAbsolutePath().normalize();
        this.vertx = vertx;
    }

    @Override
    public Uni<Void> write(String key, List<byte[]> parts) {
        return blocking(() -> {
            FsFiles.writeAtomically(root.resolve(BlobLayout.TMP), file(key), "ledger-", ".tmp",
                    parts.stream().map(java.nio.ByteBuffer::wrap).toArray(java.nio.ByteBuffer[]::new), () -> { });
            return null;
        }, "write");
    }

    @Override
    public Multi<String> list(String prefix) {
        return blocking(() -> {
            Path dir = root.resolve(Journal.checked(prefix.endsWith("/") ? prefix : prefix + "/"));
            if (!Files.isDirectory(dir)) {
                return List.<String>of();
            }
            try (Stream<Path> files = Files.walk(dir)) {
                return files.filter(Files::isRegularFile)
                        .map(file -> root.relativize(file).toString().replace(java.io.File.separatorChar, '/'))
                        .toList();
            }
        }, "list").onItem().transformToMulti(keys -> Multi.createFrom().iterable(keys));
    }

    @Override
    public Uni<byte[]> read(String key) {
        return blocking(() -> {
            try {
                return Files.readAllBytes(file(key));
            } catch (NoSuchFileException e) {
                return null;
            }
        }, "read");
    }

    @Override
    public Uni<Void> delete(String key) {
        return blocking(() -> {
            Path file = file(key);
            Files.deleteIfExists(file);
            removeEmptyFolders(file.getParent());
            return null;
        }, "delete");
    }

    /** Removes the folders left empty up to {@code ledger/}; one that a writer filled meanwhile stays. */
    private void removeEmptyFolders(Path dir) {
        Path top = root.resolve(BlobLayout.LEDGER);
        for (Path at = dir; at != null && at.startsWith(top) && !at.equals(top); at = at.getParent()) {
            try {
                Files.deleteIfExists(at);
            } catch (IOException notEmpty) {
                return;
            }
        }
    }

    private Path file(String key) {
        return root.resolve(Journal.checked(key));
    }

    private <T> Uni<T> blocking(Callable<T> work, String what) {
        return vertx.executeBlocking(() -> {
            try {
                return work.call();
            } catch (IOException e) {
                throw new BlobStoreException("the filesystem store did not " + what + " the ledger: " + e.getClass().getSimpleName(), e);
            }
        }, false);
    }
}
