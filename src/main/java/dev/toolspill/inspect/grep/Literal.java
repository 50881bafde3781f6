package dev.toolspill.inspect.grep;

import java.nio.charset.StandardCharsets;

/**
 * Literal text searched as bytes, with no decoding and no allocation: candidates for the pattern's rarest byte are
 * found eight bytes at a time and checked in place. Ignoring case folds ASCII letters only (the pattern is ASCII).
 */
final class Literal implements UnitMatcher {

    /** Bytes from most to least common in logs, code and JSON: the pattern's least common byte is looked for first. */
    private static final String COMMON = " e\"taoinsrlcdhu:,.0123456789mp-_/fgybw=vk\t{}[]TSEIARONLCDPMxjqz";

    private final byte[] needle;
    private final boolean fold;
    private final int rare;
    private final boolean rareFolded;

    Literal(String text, boolean ignoreCase) {
        this.fold = ignoreCase;
        this.needle = (ignoreCase ? lowerAscii(text) : text).getBytes(StandardCharsets.UTF_8);
        if (needle.length == 0) {
            throw new IllegalArgumentException("an empty literal");
        }
        int best = 0;
        for (int i = 1; i < needle.length; i++) {
            if (rank(needle[i]) > rank(needle[best])) {
                best = i;
            }
        }
        this.rare = best;
        this.rareFolded = fold && needle[best] >= 'a' && needle[best] <= 'z';
    }

    /** Whether a literal can ignore case by folding bytes: only ASCII letters have a case there. */
    static boolean foldable(String text) {
        return text.chars().allMatch(c -> c < 0x80);
    }

    private static String lowerAscii(String text) {
        StringBuilder lower = new StringBuilder(text.length());
        text.chars().forEach(c -> lower.append((char) (c >= 'A' && c <= 'Z' ? c | 0x20 : c)));
        return lower.toString();
    }

    private static int rank(byte b) {
        int common = COMMON.indexOf(b < 0 ? -1 : (char) b);
        return common < 0 ? COMMON.length() : common;
    }

    int length() {
        return needle.length;
    }

    /** Where the text first starts in {@code bytes[from..to)} (wholly inside it), or -1. */
    int indexOf(byte[] bytes, int from, int to) {
        int last = to - needle.length; // the last start that fits
        int i = from + rare;
        int end = last + rare + 1; // candidates for the rare byte lie in [from + rare, end)
        while (i < end) {
            int j = rareFolded ? ByteSearch.indexOfFolded(bytes, needle[rare], i, end) : ByteSearch.indexOf(bytes, needle[rare], i, end);
            if (j < 0) {
                return -1;
            }
            if (at(bytes, j - rare)) {
                return j - rare;
            }
            i = j + 1;
        }
        return -1;
    }

    private boolean at(byte[] bytes, int start) {
        for (int k = 0; k < needle.length; k++) {
            int b = bytes[start + k];
            if (fold && b >= 'A' && b <= 'Z') {
                b |= 0x20;
            }
            if (b != needle[k]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean matches(byte[] bytes, int from, int to, boolean unitStart, boolean unitEnd) {
        return indexOf(bytes, from, to) >= 0;
    }

    @Override
    public int overlap() {
        return Math.max(1, needle.length - 1);
    }

    @Override
    public boolean decodes() {
        return false;
    }
}
