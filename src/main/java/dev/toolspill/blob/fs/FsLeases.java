package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.Leases;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;

/**
 * {@link Leases} as files under the store's root, {@code leases/<name>.<slot start>}, for replicas sharing one
 * volume (an NFS or other ReadWriteMany volume): a lease is taken by creating its slot's file with {@code CREATE_NEW}
 * ({@code O_EXCL}, atomic on local filesystems and on NFS from version 3), so of any number of replicas exactly one
 * creates it. The file's content (holder, end of the slot) is for people only. Its winner removes the files of slots
 * before the previous one, so the folder holds two or three files a name. File work runs on a Vert.x worker thread.
 */
public final class FsLeases implements Leases {

    private final Path dir;
    private final Vertx vertx;
    private final Clock clock;

    public FsLeases(Path root, Vertx vertx, Clock clock) {
        this.dir = root.toAbsolutePath().normalize().resolve(BlobLayout.LEASES);
        this.vertx = vertx;
        this.clock = clock;
    }

    @Override
    public Uni<Boolean> take(String name, Duration ttl) {
        return Uni.createFrom().deferred(() -> {
            long slot = Leases.slotStart(clock.instant(), ttl);
            Path file = dir.resolveSibling(BlobLayout.lease(name, slot));
            return vertx.executeBlocking(() -> {
                try {
                    if (!create(file, Leases.describe(slot, ttl))) {
                        return false;
                    }
                    removeBefore(name, slot - Math.max(1, ttl.toMillis()));
                    return true;
                } catch (IOException e) {
                    throw new BlobStoreException("the filesystem store did not take the lease " + name + ": " + e.getClass().getSimpleName(), e);
                }
            }, false);
        });
    }

    /** Creates the file if no one has: true for the one caller that did. */
    private static boolean create(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.getParent());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            FsFiles.writeFully(channel, ByteBuffer.wrap(content));
        } catch (FileAlreadyExistsException e) {
            return false;
        }
        return true;
    }

    /** Removes this name's leases of slots that started before {@code before}; one another replica removed is no error. */
    private void removeBefore(String name, long before) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                if (BlobLayout.leaseSlot(name, file.getFileName().toString()).orElse(Long.MAX_VALUE) < before) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }
}
