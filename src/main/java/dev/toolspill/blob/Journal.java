package dev.toolspill.blob;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

import java.util.List;

/**
 * Small objects kept in the same store as the blobs, beside them, under {@link BlobLayout#LEDGER}: written whole,
 * never changed, listed by prefix, read whole, removed. The call ledger ({@code ledger.Ledger}) keeps its batches here,
 * so one store is backed up and replicated. Keys are relative to the root or bucket, {@code /}-separated, and always
 * start with {@code ledger/}. {@code storage.BlobStoreProducer} chooses the implementation the way it chooses
 * {@link Leases}: a folder ({@code blob.fs.FsJournal}), the bucket ({@code blob.s3.S3Journal}), or {@link #NONE}.
 */
public interface Journal {

    /**
     * Writes {@code parts}, one after the other, under {@code key}, visible whole or not at all. In parts so that a
     * batch of a megabyte is never one array (anything over half a G1 region, 512 KiB here, is a humongous allocation).
     */
    Uni<Void> write(String key, List<byte[]> parts);

    /** Writes {@code content} under {@code key}, visible whole or not at all. */
    default Uni<Void> write(String key, byte[] content) {
        return write(key, List.of(content));
    }

    /** The keys under {@code prefix} (a folder: ends with {@code /}), in no particular order; none when it is absent. */
    Multi<String> list(String prefix);

    /** The content under {@code key}, or null when it is not there (removed by retention meanwhile). */
    Uni<byte[]> read(String key);

    /** Removes {@code key}; one already gone is no error. */
    Uni<Void> delete(String key);

    /** No store: nothing is kept, nothing is listed. */
    Journal NONE = new Journal() {
        @Override
        public Uni<Void> write(String key, List<byte[]> parts) {
            return Uni.createFrom().voidItem();
        }

        @Override
        public Multi<String> list(String prefix) {
            return Multi.createFrom().empty();
        }

        @Override
        public Uni<byte[]> read(String key) {
            return Uni.createFrom().nullItem();
        }

        @Override
        public Uni<Void> delete(String key) {
            return Uni.createFrom().voidItem();
        }
    };

    /** Checks a key: under {@code ledger/}, no empty, {@code .} or {@code ..} segment, no backslash. */
    static String checked(String key) {
        if (!key.startsWith(BlobLayout.LEDGER + "/") || key.contains("\\") || key.contains("//")
                || key.matches(".*(^|/)\\.{1,2}(/|$).*")) {
            throw new IllegalArgumentException("not a journal key: " + key);
        }
        return key;
    }
}
