package dev.toolspill.scan;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.blob.ByteRange;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The layout a scan gives: elements from their indexed starts to the end of the value there; values as indexed. What
 * {@link JsonSpansTest} and {@link StreamScannerTest} compare with what Jackson sees.
 */
record JsonLayout(boolean array, List<ByteRange> elements, Map<String, ByteRange> values) {

    /** The scan settings of the JSON span tests. */
    static final ScanSettings SETTINGS = new ScanSettings(5, 3, 2, 401, 100);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    long count() {
        return array ? elements.size() : values.size();
    }

    static JsonLayout scan(byte[] json) {
        Scan scan = StreamScanner.scan(SETTINGS, json, true, 1);
        if (!scan.kind().isJson()) {
            throw new IllegalArgumentException("not a JSON array or object");
        }
        List<ByteRange> elements = new ArrayList<>();
        for (long start : scan.kind() == BlobKind.JSON_ARRAY ? scan.index().offsets() : new long[0]) {
            if (scan.index().count() > 0) {
                elements.add(ByteRange.between(start, endOfValueAt(json, (int) start)));
            }
        }
        return new JsonLayout(scan.kind() == BlobKind.JSON_ARRAY, elements, scan.index().values());
    }

    static long count(ByteArrayInputStream json) {
        return StreamScanner.scan(SETTINGS, json.readAllBytes(), true, ReadIndex.EVERY).count();
    }

    /** Where the value at {@code start} ends, parsed as the first element of an array that starts just before it. */
    private static long endOfValueAt(byte[] json, int start) {
        byte[] rest = new byte[json.length - start + 1];
        rest[0] = '[';
        System.arraycopy(json, start, rest, 1, json.length - start);
        try (com.fasterxml.jackson.core.JsonParser parser = MAPPER.getFactory().createParser(rest)) {
            parser.nextToken();
            parser.nextToken();
            parser.skipChildren();
            parser.finishToken();
            return start + parser.currentLocation().getByteOffset() - 1;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
