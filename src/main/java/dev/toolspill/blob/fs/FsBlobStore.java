package dev.toolspill.blob.fs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.Offload;
import dev.toolspill.output.Content;
import dev.toolspill.output.JsonLayout;
import dev.toolspill.output.TextLines;
import io.smallrye.mutiny.Uni;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/**
 * Blobs as files: {@code <root>/blobs/<uuid>.txt|json}. A blob is written to {@code <root>/tmp/},
 * fsynced, then renamed into place atomically, so no reader and no crash ever sees part of one.
 * All file I/O runs on worker threads.
 */
public class FsBlobStore implements BlobStore {

    private final Path root;
    private final Path blobs;
    private final Path tmp;
    private final ObjectMapper mapper;

    public FsBlobStore(Path root, ObjectMapper mapper) {
        this.root = root.toAbsolutePath().normalize();
        this.blobs = this.root.resolve("blobs");
        this.tmp = this.root.resolve("tmp");
        this.mapper = mapper;
    }

    @Override
    public Uni<BlobInfo> store(BlobId id, Content content) {
        return Offload.blocking(() -> {
            BlobKind kind = BlobKind.of(content);
            byte[] bytes = content.text().getBytes(StandardCharsets.UTF_8);
            Path target = root.resolve(BlobInfo.key(id, kind));
            writeAtomically(target, bytes);
            long count = content instanceof Content.Structured s ? s.json().size() : TextLines.count(content.text());
            return new BlobInfo(id, kind, bytes.length, count, Files.getLastModifiedTime(target).toInstant());
        });
    }

    @Override
    public Uni<Content> load(BlobId id) {
        return Offload.blocking(() -> {
            Path file = find(id).orElseThrow(() -> new BlobNotFoundException(id));
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (file.getFileName().toString().endsWith(".json")) {
                JsonNode json = mapper.readTree(text);
                return new Content.Structured(json, text);
            }
            return new Content.Text(text);
        });
    }

    @Override
    public Uni<Boolean> exists(BlobId id) {
        return Offload.blocking(() -> find(id).isPresent());
    }

    @Override
    public Uni<BlobInfo> stat(BlobId id) {
        return Offload.blocking(() -> {
            Path file = find(id).orElseThrow(() -> new BlobNotFoundException(id));
            long size = Files.size(file);
            Instant created = Files.getLastModifiedTime(file).toInstant();
            try (InputStream in = Files.newInputStream(file)) {
                if (file.getFileName().toString().endsWith(".txt")) {
                    return new BlobInfo(id, BlobKind.TEXT, size, TextLines.count(in), created);
                }
                BlobKind kind = firstNonBlank(file) == '[' ? BlobKind.JSON_ARRAY : BlobKind.JSON_OBJECT;
                return new BlobInfo(id, kind, size, JsonLayout.count(in), created);
            }
        });
    }

    @Override
    public Uni<byte[]> read(BlobId id, ByteRange range) {
        return Offload.blocking(() -> {
            Path file = find(id).orElseThrow(() -> new BlobNotFoundException(id));
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                long end = Math.min(range.end(), channel.size());
                int length = (int) Math.max(0, Math.min(Integer.MAX_VALUE - 8, end - range.offset()));
                ByteBuffer buffer = ByteBuffer.allocate(length);
                while (buffer.hasRemaining() && channel.read(buffer, range.offset() + buffer.position()) > 0) {
                    // read until the range is full or the file ends
                }
                return buffer.position() == length ? buffer.array() : Arrays.copyOf(buffer.array(), buffer.position());
            }
        });
    }

    @Override
    public Uni<Void> checkReady() {
        return Offload.blocking(() -> {
            Files.createDirectories(blobs);
            Files.createDirectories(tmp);
            Path probe = Files.createTempFile(tmp, "ready-", ".probe");
            Files.delete(probe);
            return null;
        });
    }

    @Override
    public String location() {
        return root.toString();
    }

    private Optional<Path> find(BlobId id) {
        for (String extension : new String[] {"txt", "json"}) {
            Path file = blobs.resolve(id + "." + extension);
            if (Files.isRegularFile(file)) {
                return Optional.of(file);
            }
        }
        return Optional.empty();
    }

    private void writeAtomically(Path target, byte[] bytes) throws IOException {
        Files.createDirectories(blobs);
        Files.createDirectories(tmp);
        Path temp = Files.createTempFile(tmp, target.getFileName().toString() + ".", ".part");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            syncDirectory(blobs);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Makes the rename itself durable; some platforms cannot open a directory, and then it is skipped. */
    private static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the file itself is already on disk
        }
    }

    private static int firstNonBlank(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            int b;
            while ((b = in.read()) == ' ' || b == '\n' || b == '\r' || b == '\t') {
                // skip JSON whitespace
            }
            return b;
        }
    }
}
