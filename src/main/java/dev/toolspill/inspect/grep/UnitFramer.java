package dev.toolspill.inspect.grep;

/**
 * Where the units a grep tests begin and end in a blob's bytes, fed in order (each byte once): lines of a text, or
 * the top-level entries of a JSON array. Offsets are the blob's; {@code base} is the offset of {@code bytes[0]}.
 */
interface UnitFramer {

    /** The index of the byte that ends the open unit in {@code bytes[from..to)}, or -1 when it goes on past them. */
    int end(byte[] bytes, int from, int to, long base);

    /** Where the open unit's content starts, -1 while none of it was seen; {@code rawStart} is where the unit began. */
    long contentStart(long rawStart);

    /**
     * Where the content of the open unit ends: {@code bytes[end]} ended it when {@code terminated}, else the blob ended
     * just before {@code bytes[end]}.
     */
    long contentEnd(byte[] bytes, int end, boolean terminated, long base, long rawStart);

    /** A unit ended: the next one begins after its end. */
    void next();

    /** Lines of a text: a unit ends at {@code \n}; its content leaves out the {@code \n} or {@code \r\n}. */
    final class Lines implements UnitFramer {
        @Override
        public int end(byte[] bytes, int from, int to, long base) {
            return ByteSearch.indexOf(bytes, (byte) '\n', from, to);
        }

        @Override
        public long contentStart(long rawStart) {
            return rawStart;
        }

        @Override
        public long contentEnd(byte[] bytes, int end, boolean terminated, long base, long rawStart) {
            boolean cr = terminated && end > 0 && base + end > rawStart && bytes[end - 1] == '\r';
            return base + end - (cr ? 1 : 0);
        }

        @Override
        public void next() {
            // nothing is carried from one line to the next
        }
    }

    /**
     * Entries of a JSON array, read from an entry's first byte to just before the array's closing bracket: an entry
     * ends at a comma outside strings and nested values; its content leaves out the whitespace around it.
     */
    final class Entries implements UnitFramer {
        private int depth;
        private boolean inString;
        private boolean escaped;
        private long first = -1;
        private long last = -1;

        @Override
        public int end(byte[] bytes, int from, int to, long base) {
            for (int i = from; i < to; i++) {
                byte b = bytes[i];
                if (inString) {
                    if (escaped) {
                        escaped = false;
                    } else if (b == '\\') {
                        escaped = true;
                    } else if (b == '"') {
                        inString = false;
                    }
                    last = base + i;
                    continue;
                }
                switch (b) {
                    case ' ', '\t', '\n', '\r' -> {
                        continue;
                    }
                    case ',' -> {
                        if (depth == 0) {
                            return i;
                        }
                    }
                    case '"' -> inString = true;
                    case '[', '{' -> depth++;
                    case ']', '}' -> depth--;
                    default -> {
                        // a scalar's byte
                    }
                }
                if (first < 0) {
                    first = base + i;
                }
                last = base + i;
            }
            return -1;
        }

        @Override
        public long contentStart(long rawStart) {
            return first;
        }

        @Override
        public long contentEnd(byte[] bytes, int end, boolean terminated, long base, long rawStart) {
            return last + 1;
        }

        @Override
        public void next() {
            first = -1;
            last = -1;
        }
    }
}
