package dev.toolspill.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** UTF-8 byte arithmetic on strings, without encoding them whole. */
public final class Utf8 {

    /** A mark that says a line was clipped. */
    public static final String ELLIPSIS = "…";
    private static final int ELLIPSIS_BYTES = 3;

    private Utf8() {
    }

    /**
     * The bytes of {@code s} in UTF-8, without encoding it. On a String, not a CharSequence: the JIT inlines and hoists
     * its calls (a loop over CharSequence sees several kinds of sequence; on the call's path, for every output, it
     * showed in a profile).
     */
    public static int length(String s) {
        int bytes = 0;
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                bytes += 1; // a lone surrogate is encoded as '?', as String.getBytes(UTF_8) does
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** As {@link #length(String)}, for the short builders of summaries (a copy of at most a few hundred chars). */
    public static int length(CharSequence s) {
        return length(s.toString());
    }

    /** The longest prefix of {@code s} that fits in {@code maxBytes}, never cut inside a character. */
    public static String truncate(String s, int maxBytes) {
        if (maxBytes <= 0) {
            return "";
        }
        int bytes = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int n = cp < 0x80 || Character.isSurrogate((char) cp) && cp < 0x10000 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + n > maxBytes) {
                break;
            }
            bytes += n;
            i += Character.charCount(cp);
        }
        return i == s.length() ? s : s.substring(0, i);
    }

    /** At most {@code chars} chars of {@code s}, one fewer rather than half of a surrogate pair. */
    public static String prefix(String s, int chars) {
        if (s.length() <= chars) {
            return s;
        }
        int end = chars > 0 && Character.isHighSurrogate(s.charAt(chars - 1)) ? chars - 1 : chars;
        return s.substring(0, end);
    }

    /** {@code s} if it fits in {@code maxBytes}, else its longest fitting prefix followed by {@link #ELLIPSIS}. */
    public static String clip(String s, int maxBytes) {
        if (s.length() <= maxBytes && length(s) <= maxBytes) {
            return s;
        }
        // Only the first maxBytes chars can survive, so never measure more of a huge line than that.
        String head = prefix(s, maxBytes);
        if (maxBytes < ELLIPSIS_BYTES + 1) {
            return truncate(head, maxBytes);
        }
        return truncate(head, maxBytes - ELLIPSIS_BYTES) + ELLIPSIS;
    }

    /** Decodes strictly: malformed input is an error, never replaced, so stored bytes stay exact. */
    public static String decode(byte[] bytes) throws CharacterCodingException {
        CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes));
        return chars.toString();
    }

    /**
     * The length of the longest prefix of {@code bytes[0..length)} that ends on a character boundary: a character
     * cut at the end is left out, whole, and nothing else is (so a real U+FFFD in the data is kept).
     */
    public static int completePrefix(byte[] bytes, int length) {
        int lead = length;
        while (lead > 0 && length - lead < 3 && (bytes[lead - 1] & 0xC0) == 0x80) {
            lead--; // back over the continuation bytes at the end
        }
        if (lead == 0) {
            return length;
        }
        int first = bytes[lead - 1] & 0xFF;
        int needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
        return length - (lead - 1) < needed ? lead - 1 : length;
    }

    /** The first {@code length} bytes as text, less a character cut at the end. */
    public static String decodePrefix(byte[] bytes, int length) {
        return new String(bytes, 0, completePrefix(bytes, length), StandardCharsets.UTF_8);
    }

    /** The text without the byte order marks (U+FEFF) that lead it: a mark is not content. */
    public static String stripBom(String text) {
        return ByteOrderMarks.strip(text);
    }
}
