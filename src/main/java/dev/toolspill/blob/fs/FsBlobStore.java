package dev.toolspill.blob.fs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobInfo;
import dev.toolspill.blob.BlobKind;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobNotFoundException;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.blob.Offload;
import dev.toolspill.output.Content;
import dev.toolspill.output.JsonLayout;
import dev.toolspill.output.ReadIndex;
import dev.toolspill.output.TextLines;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.LongStream;

/**
 * Blobs as files: {@code <root>/blobs/<uuid>.txt|json}. A blob is written to {@code <root>/tmp/},
 * fsynced, then renamed into place atomically, so no reader and no crash ever sees part of one.
 * All file I/O runs on worker threads; {@link #stream} reads {@value #CHUNK_BYTES}-byte chunks one at a time as
 * they are requested, and {@link #localFile} lets the HTTP layer send a file zero-copy instead.
 */
public class FsBlobStore implements BlobStore {

    /** Chunk size of {@link #stream}: large enough for few worker hops, small enough to keep memory flat. */
    static final int CHUNK_BYTES = 64 * 1024;

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
    public Uni<BlobMetadata> metadata(BlobId id) {
        return Offload.blocking(() -> {
            Path file = find(id).orElseThrow(() -> new BlobNotFoundException(id));
            return new BlobMetadata(id, kind(file), Files.size(file));
        });
    }

    @Override
    public Multi<Buffer> stream(BlobId id, ByteRange range) {
        return Multi.createFrom().resourceFromUni(() -> Offload.blocking(() -> open(id)), file -> chunks(file, range))
                .withFinalizer(OpenFile::close);
    }

    @Override
    public Optional<Path> localFile(BlobMetadata blob) {
        return Optional.of(root.resolve(blob.key()));
    }

    @Override
    public BlobUpload upload(BlobId id, BlobKind guess) throws IOException {
        Files.createDirectories(blobs);
        Files.createDirectories(tmp);
        Path temp = Files.createTempFile(tmp, id + ".", ".part");
        FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE);
        return new BlobUpload() {
            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }

            @Override
            public BlobInfo commit(BlobKind kind, long count) throws IOException {
                channel.force(true);
                long size = channel.size();
                channel.close();
                Path target = root.resolve(BlobInfo.key(id, kind));
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                syncDirectory(blobs);
                return new BlobInfo(id, kind, size, count, Files.getLastModifiedTime(target).toInstant());
            }

            @Override
            public void abort() {
                try {
                    channel.close();
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // a stray temp file under tmp/ is never read
                }
            }
        };
    }

    @Override
    public Uni<Void> storeIndex(BlobId id, byte[] index) {
        return Offload.blocking(() -> {
            Files.createDirectories(root.resolve("index"));
            writeAtomically(root.resolve(ReadIndex.key(id)), index);
            return null;
        });
    }

    @Override
    public Uni<Optional<byte[]>> loadIndex(BlobId id) {
        return Offload.blocking(() -> {
            Path file = root.resolve(ReadIndex.key(id));
            return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.<byte[]>empty();
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

    /** An open blob file and its size, taken once so that every chunk agrees on where the blob ends. */
    private record OpenFile(FileChannel channel, long size) {
        void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing was written through this channel, so nothing can be lost by failing to close it
            }
        }
    }

    private OpenFile open(BlobId id) throws IOException {
        Path file = find(id).orElseThrow(() -> new BlobNotFoundException(id));
        try {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
            return new OpenFile(channel, channel.size());
        } catch (NoSuchFileException e) {
            throw new BlobNotFoundException(id);
        }
    }

    /** One worker-thread read per chunk, subscribed to only when the previous chunk was taken downstream. */
    private static Multi<Buffer> chunks(OpenFile file, ByteRange range) {
        long end = range.offset() + Math.max(0, Math.min(range.length(), file.size() - range.offset()));
        return Multi.createFrom().items(() -> LongStream.iterate(range.offset(), at -> at < end, at -> at + CHUNK_BYTES).boxed())
                .onItem().transformToUniAndConcatenate(at -> Offload.blocking(
                        () -> readChunk(file.channel(), at, (int) Math.min(CHUNK_BYTES, end - at))));
    }

    private static Buffer readChunk(FileChannel channel, long position, int length) throws IOException {
        byte[] bytes = new byte[length];
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining() && channel.read(buffer, position + buffer.position()) > 0) {
            // positional reads may return less than asked: read until the chunk is full
        }
        if (buffer.hasRemaining()) {
            throw new IOException("blob file ended " + buffer.remaining() + " bytes early: was it changed in place?");
        }
        // one 64 KiB copy; wrapping a Netty ByteBuf instead would save it, through an API Vert.x 5 removes
        return Buffer.buffer(bytes);
    }

    private static BlobKind kind(Path file) throws IOException {
        if (file.getFileName().toString().endsWith(".txt")) {
            return BlobKind.TEXT;
        }
        return firstNonBlank(file) == '[' ? BlobKind.JSON_ARRAY : BlobKind.JSON_OBJECT;
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
