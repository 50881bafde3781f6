package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobLayout;
import dev.toolspill.blob.BlobStoreException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether this process can keep blobs under the store's root: it creates a file in {@code tmp/}, writes to it, forces
 * it to the disk and removes it, as every blob write does. A volume mounted without write access for the process's
 * user (a Kubernetes volume without {@code fsGroup}, a host folder owned by another user) fails here, with a message
 * that names the folder, the user id and the fixes; a root that is a file, or a full disk, is named as such. Blocking: call it on a worker thread.
 */
public final class FsWriteProbe {

    private FsWriteProbe() {
    }

    /** Empty when the root takes writes; otherwise what is wrong and how to fix it. */
    public static Optional<String> problem(Path root) {
        Path tmp = root.resolve(BlobLayout.TMP);
        try {
            Files.createDirectories(root.resolve(BlobLayout.BLOBS));
            Files.createDirectories(tmp);
            Path probe = Files.createTempFile(tmp, "write-", ".probe");
            try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(new byte[4096]));
                channel.force(true);
            } finally {
                Files.deleteIfExists(probe);
            }
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            String where = "The filesystem store at " + root.toAbsolutePath().normalize();
            String failure = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
            Optional<Path> file = notADirectory(root);
            if (file.isPresent()) {
                return Optional.of(where + " cannot keep blobs: " + file.get().toAbsolutePath().normalize() + " is a file, not a"
                        + " directory. Point toolspill.blob-store.fs.root at a directory (it is created if missing), or move the file away.");
            }
            if (String.valueOf(e.getMessage()).contains("Read-only file system")) {
                return Optional.of(where + " cannot be written: it is on a read-only file system (" + failure + "). Mount a writable"
                        + " volume there (on Kubernetes: not readOnly, and not under a readOnlyRootFilesystem without a volume of its own).");
            }
            if (BlobStoreException.diskFull(e)) {
                return Optional.of(where + " cannot be written: its disk is full (" + failure + "). Free space or give the"
                        + " volume more; until then every upload would fail, so this replica is not ready.");
            }
            String uid = uid();
            return Optional.of(where + " cannot be written by this process (user id " + uid + "): " + failure
                    + ". Give the volume to that user: on Kubernetes set the pod's securityContext.fsGroup (deploy/ sets 185, the"
                    + " image's user), or chown the folder in an init container; on a host, chown -R " + uid + " the folder"
                    + " (podman/docker: --user, or :U on the volume). Until then every upload would fail, so this replica is not ready.");
        }
    }

    /** The first of the root, its parents or the folders under it the store uses that exists and is not a directory. */
    private static Optional<Path> notADirectory(Path root) {
        List<Path> paths = new ArrayList<>(List.of(root.resolve(BlobLayout.BLOBS), root.resolve(BlobLayout.TMP)));
        for (Path p = root.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            paths.add(0, p);
        }
        return paths.stream().filter(p -> Files.exists(p) && !Files.isDirectory(p)).findFirst();
    }

    /** The user id this process runs as (the owner of /proc/self), or "unknown". */
    static String uid() {
        try {
            return String.valueOf(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException e) {
            return "unknown";
        }
    }
}
