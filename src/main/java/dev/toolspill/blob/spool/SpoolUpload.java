package dev.toolspill.blob.spool;

import dev.toolspill.blob.BlobFormat;
import dev.toolspill.blob.BlobMetadata;
import dev.toolspill.blob.BlobRecord;
import dev.toolspill.blob.BlobUpload;

import java.io.IOException;

/** A streamed blob written to the spool: it counts against the spool's bytes as it grows, and is held once committed. */
final class SpoolUpload implements BlobUpload {

    private final BlobUpload file;
    private final Spool spool;
    private long reserved;
    private boolean done;

    SpoolUpload(BlobUpload file, Spool spool) {
        this.file = file;
        this.spool = spool;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (!spool.reserve(length)) {
            throw new IOException("the spool is full (toolspill.spool.max-bytes = " + spool.maxBytes() + ")");
        }
        reserved += length;
        file.write(bytes, offset, length);
    }

    @Override
    public BlobMetadata commit(BlobFormat format) throws IOException {
        BlobMetadata meta = file.commit(format);
        done = true;
        spool.committed(meta);
        return meta;
    }

    @Override
    public BlobRecord record() {
        return file.record();
    }

    @Override
    public void abort() {
        file.abort();
        if (!done) {
            done = true;
            spool.release(reserved);
        }
    }
}
