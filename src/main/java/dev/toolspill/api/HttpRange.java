package dev.toolspill.api;

import dev.toolspill.blob.ByteRange;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@code Range} header (RFC 9110 §14.2) selects from a representation of known size: the whole of it
 * (200), one part (206) or nothing that exists (416). Pure, so every form is tested without HTTP.
 *
 * <p>One byte range is served. The RFC lets a server ignore {@code Range}, and a header this one does not honour
 * selects the whole representation: a malformed one (syntax error, or last before first), another unit than
 * {@code bytes}, and several ranges ({@code bytes=0-1,5-6}), because multipart/byteranges would cost code and
 * a second body format for clients that read one window at a time.
 */
public final class HttpRange {

    /** What a Range header selects. */
    public sealed interface Selection permits Whole, Part, Unsatisfiable {
    }

    /** The whole representation, answered with 200. */
    public record Whole() implements Selection {
    }

    /** Bytes {@code first..last} (inclusive, as in {@code Content-Range}) of {@code size}, answered with 206. */
    public record Part(long first, long last, long size) implements Selection {
        public ByteRange range() {
            return ByteRange.between(first, last + 1);
        }

        public String contentRange() {
            return "bytes " + first + "-" + last + "/" + size;
        }
    }

    /** No byte of the range exists (it starts at or past the end, or is a suffix of 0 bytes): 416. */
    public record Unsatisfiable(long size) implements Selection {
        public String contentRange() {
            return "bytes */" + size;
        }
    }

    /** {@code first-last}, {@code first-} or {@code -suffix}, in ASCII digits. */
    private static final Pattern SPEC = Pattern.compile("([0-9]+)-([0-9]*)|-([0-9]+)");

    private HttpRange() {
    }

    /** What {@code header} (null when absent) selects from {@code size} bytes. */
    public static Selection select(String header, long size) {
        int equals = header == null ? -1 : header.indexOf('=');
        // range units are case-insensitive (RFC 9110 §14.1)
        if (equals < 0 || !header.substring(0, equals).equalsIgnoreCase("bytes")) {
            return new Whole();
        }
        // a list may hold empty elements, which recipients must accept and skip (RFC 9110 §5.6.1.2)
        List<String> specs = Arrays.stream(header.substring(equals + 1).split(","))
                .map(String::strip).filter(spec -> !spec.isEmpty()).toList();
        Matcher spec = SPEC.matcher(specs.size() == 1 ? specs.get(0) : "");
        if (!spec.matches()) {
            return new Whole();
        }
        if (spec.group(3) != null) {
            return suffix(number(spec.group(3)), size);
        }
        if (!spec.group(2).isEmpty() && compare(spec.group(2), spec.group(1)) < 0) {
            return new Whole(); // last before first, compared before saturating: two huge numbers keep their order
        }
        long first = number(spec.group(1));
        long last = spec.group(2).isEmpty() ? Long.MAX_VALUE : number(spec.group(2));
        return span(first, last, size);
    }

    private static Selection span(long first, long last, long size) {
        if (first >= size) {
            return new Unsatisfiable(size);
        }
        return new Part(first, Math.min(last, size - 1), size);
    }

    /** The last {@code length} bytes, or all of them when there are fewer. */
    private static Selection suffix(long length, long size) {
        if (length == 0 || size == 0) {
            return new Unsatisfiable(size);
        }
        return new Part(Math.max(0, size - length), size - 1, size);
    }

    /** Orders two runs of ASCII digits as the numbers they spell, however long. */
    private static int compare(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", "");
        String y = b.replaceFirst("^0+(?=.)", "");
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    /** Saturates instead of overflowing: a position past any real size means the same as a huge one. */
    private static long number(String digits) {
        String significant = digits.replaceFirst("^0+(?=.)", "");
        return significant.length() > 18 ? Long.MAX_VALUE : Long.parseLong(significant);
    }
}
