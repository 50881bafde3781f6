package dev.toolspill.blob.fs;

import dev.toolspill.blob.BlobLayout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Whether this process can keep blobs under the store's root: it creates a file in {@code tmp/}, writes to it, forces
 * it to the disk and removes it, as every blob write does. A volume mounted without write access for the process's
 * user (a Kubernetes volume without {@code fsGroup}, a host folder owned by another user) fails here, with a message
 * that names the folder, the user id and the fixes. Blocking: call it on a worker thread.
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
            String uid = uid();
            return Optional.of("The filesystem store at " + root.toAbsolutePath().normalize() + " cannot be written by this process (user id "
                    + uid + "): " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage())
                    + ". Give the volume to that user: on Kubernetes set the pod's securityContext.fsGroup (deploy/ sets 185, the"
                    + " image's user), or chown the folder in an init container; on a host, chown -R " + uid + " the folder"
                    + " (podman/docker: --user, or :U on the volume). Until then every upload would fail, so this replica is not ready.");
        }
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
