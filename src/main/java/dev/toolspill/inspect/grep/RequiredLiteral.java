package dev.toolspill.inspect.grep;

/**
 * The longest piece of literal text that every match of a regular expression must contain, found by a conservative
 * reading of the pattern: only text outside groups and classes, never next to an optional quantifier, and nothing at
 * all for a pattern with a top-level {@code |} or inline flags. A grep searches that text as bytes first and tries the
 * regular expression only on the units that hold it, which is what makes a regex search cost about one pass.
 */
final class RequiredLiteral {

    /** Shorter pieces are too common to skip much; a literal search of them costs more than it saves. */
    static final int SHORTEST = 3;
    private static final String META = "\\.[](){}*+?^$|";

    private RequiredLiteral() {
    }

    /**
     * The piece, or null when none is sure. Ignoring case, the piece is ASCII (matched by folding bytes) and holds no
     * {@code i}, {@code k} or {@code s}: under Unicode case those also match {@code İ}, the Kelvin sign and {@code ſ}.
     */
    static String of(String regex, boolean ignoreCase) {
        if (regex.contains("(?")) {
            return null; // inline flags (comments, case) change what the text means
        }
        String best = "";
        StringBuilder run = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '|' && depth == 0) {
                return null;
            }
            if (c == '\\' && i + 1 < regex.length()) {
                char escaped = regex.charAt(++i);
                if (escaped == 'Q') {
                    int end = regex.indexOf("\\E", i + 1);
                    String quoted = regex.substring(i + 1, end < 0 ? regex.length() : end);
                    i = end < 0 ? regex.length() : end + 1;
                    for (int k = 0; k < quoted.length(); k++) {
                        best = add(run, quoted.charAt(k), depth, ignoreCase, best);
                    }
                } else if (Character.isLetterOrDigit(escaped)) {
                    best = end(run, best); // a class (\d, \w), an anchor (\b), a back reference, a code: not literal
                    i = escapeEnd(regex, i + 1) - 1;
                } else {
                    best = add(run, escaped, depth, ignoreCase, best);
                }
            } else if (c == '[') {
                best = end(run, best);
                i = classEnd(regex, i);
            } else if (c == '(' || c == ')') {
                depth += c == '(' ? 1 : -1;
                best = end(run, best);
            } else if (c == '?' || c == '*' || c == '{') {
                if (run.length() > 0) {
                    run.setLength(run.length() - 1); // the character before may be absent
                }
                best = end(run, best);
                i = c == '{' ? Math.max(i, regex.indexOf('}', i)) : i;
            } else if (c == '+') {
                best = end(run, best); // the character before is there, what follows it may be another of it
            } else if (META.indexOf(c) >= 0) {
                best = end(run, best);
            } else {
                best = add(run, c, depth, ignoreCase, best);
            }
        }
        best = end(run, best);
        return best.length() >= SHORTEST ? best : null;
    }

    private static String add(StringBuilder run, char c, int depth, boolean ignoreCase, String best) {
        boolean usable = depth == 0 && !Character.isSurrogate(c) && c != '\uFFFD' // what malformed bytes decode to
                && (!ignoreCase || (c < 0x80 && "iksIKS".indexOf(c) < 0));
        if (!usable) {
            return end(run, best);
        }
        run.append(c);
        return best;
    }

    private static String end(StringBuilder run, String best) {
        String piece = run.toString();
        run.setLength(0);
        return piece.length() > best.length() ? piece : best;
    }

    /** Past what may belong to an escape such as {@code \x41}, {@code \u00e9}, {@code \p{L}}, {@code \k<name>}: skipped, not read. */
    private static int escapeEnd(String regex, int i) {
        if (i < regex.length() && (regex.charAt(i) == '{' || regex.charAt(i) == '<')) {
            int close = regex.indexOf(regex.charAt(i) == '{' ? '}' : '>', i);
            i = close < 0 ? regex.length() : close + 1;
        }
        while (i < regex.length() && Character.isLetterOrDigit(regex.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Where the character class that opens at {@code open} closes (a {@code ]} right after {@code [} or {@code [^} is literal). */
    private static int classEnd(String regex, int open) {
        int i = open + 1;
        if (i < regex.length() && regex.charAt(i) == '^') {
            i++;
        }
        if (i < regex.length() && regex.charAt(i) == ']') {
            i++;
        }
        int nested = 0;
        for (; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                nested++;
            } else if (c == ']') {
                if (nested == 0) {
                    return i;
                }
                nested--;
            }
        }
        return regex.length();
    }
}
