package dev.toolspill.redact;

/**
 * Bytes as the rules read them: one char a byte (ISO-8859-1, so a UTF-8 sequence is a few chars no rule matches), with
 * the escapes of JSON strings decoded ({@code \/}, {@code \n}, {@code \"}, {@code \u002b}...), so that a key in a JSON
 * string and a PEM block with {@code \n} for its line ends read as they would in a file. Each char knows the byte it
 * came from, so a match is replaced in the raw bytes, escapes and all, and the JSON around it stays valid.
 */
final class Decoded implements CharSequence {

    private final char[] chars;
    private final int[] raw; // raw[i]: where char i starts in the bytes; raw[length]: where the last one ends
    private final int length;

    Decoded(byte[] bytes, int from, int to) {
        chars = new char[to - from];
        raw = new int[to - from + 1];
        int n = 0;
        int i = from;
        while (i < to) {
            raw[n] = i;
            int b = bytes[i] & 0xFF;
            if (b == '\\' && i + 1 < to) {
                int e = bytes[i + 1] & 0xFF;
                int plain = simple(e);
                if (plain >= 0) {
                    chars[n++] = (char) plain;
                    i += 2;
                    continue;
                }
                if (e == 'u' && i + 5 < to) {
                    int code = hex(bytes, i + 2);
                    if (code >= 0 && code < 0x80) { // beyond ASCII no rule reads it: kept as escaped
                        chars[n++] = (char) code;
                        i += 6;
                        continue;
                    }
                }
            }
            chars[n++] = (char) b;
            i++;
        }
        raw[n] = to;
        length = n;
    }

    /** The byte where char {@code index} starts (the end of the bytes at {@link #length()}). */
    int raw(int index) {
        return raw[index];
    }

    /** The first char that starts at or after byte {@code position}. */
    int index(int position) {
        int lo = 0;
        int hi = length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (raw[mid] < position) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int simple(int e) {
        return switch (e) {
            case '"', '\\', '/' -> e;
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'b' -> '\b';
            case 'f' -> '\f';
            default -> -1;
        };
    }

    private static int hex(byte[] bytes, int at) {
        int code = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(bytes[at + k], 16);
            if (d < 0) {
                return -1;
            }
            code = code * 16 + d;
        }
        return code;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        return chars[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return java.nio.CharBuffer.wrap(chars, start, end - start); // no copy: RE2/J reads a region through it
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
