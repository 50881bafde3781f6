package dev.toolspill.ingest;

import dev.toolspill.scan.ReadIndex;
import dev.toolspill.scan.Scan;
import dev.toolspill.scan.ScanSettings;
import dev.toolspill.scan.StreamScanner;
import io.netty.buffer.ByteBuf;
import io.vertx.mutiny.core.buffer.Buffer;

import java.util.List;

/**
 * The scanning stage of one {@link IngestFlow}: the scanner (UTF-8, lines, JSON shape, read index) and the first bytes
 * the limit could ever show. Fed a batch at a time on an upload worker (it is CPU work), one batch after another.
 */
final class ScanStage {

    private final StreamScanner scanner;
    private final StreamIngest.Prefix prefix;

    ScanStage(ScanSettings settings, boolean json, int droppedBom, int prefixBytes) {
        this.scanner = new StreamScanner(settings, json, ReadIndex.EVERY).after(droppedBom);
        this.prefix = new StreamIngest.Prefix(prefixBytes);
    }

    /** Scans the batch; a body that is not what it claims fails with {@link StreamIngest.RefusedException}. */
    void feed(List<Buffer> batch) {
        for (Buffer chunk : batch) {
            ByteBuf bytes = chunk.getDelegate().getByteBuf();
            if (bytes.hasArray()) {
                int offset = bytes.arrayOffset() + bytes.readerIndex();
                StreamIngest.feed(scanner, bytes.array(), offset, bytes.readableBytes());
                prefix.add(bytes.array(), offset, bytes.readableBytes());
            } else {
                byte[] copy = chunk.getBytes();
                StreamIngest.feed(scanner, copy, 0, copy.length);
                prefix.add(copy, 0, copy.length);
            }
        }
    }

    Scan finish() {
        return StreamIngest.finish(scanner);
    }

    StreamIngest.Prefix prefix() {
        return prefix;
    }
}
