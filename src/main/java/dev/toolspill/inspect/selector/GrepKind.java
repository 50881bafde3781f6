package dev.toolspill.inspect.selector;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolspill.output.KeyNames;
import dev.toolspill.text.Utf8;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The grammar of {@code grep:} selectors: {@code grep:PATTERN} then, each at most once and in any order,
 * {@code context:N}, {@code max:N} and {@code from:N}, each after a space. PATTERN is one of
 * <ul>
 *   <li>{@code /REGEX/} or {@code /REGEX/i}: a regular expression in Java's syntax (matched by RE2/J, see
 *   {@link dev.toolspill.inspect.grep.UnitMatcher#of}), up to the last {@code /} before the options;</li>
 *   <li>{@code "TEXT"} or {@code "TEXT"i}: literal text written as a JSON string (outer spaces, quotes, a leading {@code /});</li>
 *   <li>{@code TEXT}: literal text as it is, spaces inside included, case-sensitive.</li>
 * </ul>
 * {@code i} ignores case. {@link #display} writes a grep back in the plainest form that reads back the same.
 */
final class GrepKind implements SelectorKind {

    /** Context lines around a match at most: what a page can usefully show, and the lines a search keeps in memory. */
    static final int MAX_CONTEXT = 50;

    /** An option; at most three are read off the end (bounded: an unbounded repetition recurses once per option written). */
    private static final String OPTION = "\\s+(?:context|max|from):\\d{1,18}";
    private static final Pattern TRAILING_OPTIONS = Pattern.compile("(.*?)((?:" + OPTION + "){0,3})", Pattern.DOTALL);
    /** A plain pattern ending like an option that is not one ({@code max:-1}, {@code Max:5}, {@code from: 3}): a typo, not text. */
    private static final Pattern MISTYPED_OPTION = Pattern.compile("(?s).*\\s((?i:context|max|from)\\s*:\\s*[-+]?\\d[\\d,._]*)");
    private static final Pattern ONE_OPTION = Pattern.compile("(context|max|from):(\\d{1,18})");
    private static final Pattern REGEX = Pattern.compile("/(.*)/([A-Za-z]*)", Pattern.DOTALL);
    private static final String FORMS = "write grep:TEXT (literal), grep:\"TEXT\" (literal as a JSON string, i after it to "
            + "ignore case) or grep:/REGEX/ (i after it to ignore case), then optionally context:N, max:N, from:N, "
            + "e.g. grep:timeout, grep:\"Connection refused\"i max:20, grep:/time(d )?out/i context:2";

    @Override
    public String prefix() {
        return "grep:";
    }

    @Override
    public String form() {
        return "grep:TEXT, grep:\"TEXT\" or grep:/REGEX/ (text lines or JSON array entries that match; i after the closing "
                + "quote or slash ignores case; add context:N, max:N or from:N)";
    }

    @Override
    public String description() {
        return "grep:PATTERN finds text lines (N: line, 1-based) or JSON array entries (N: entry, 0-based) that match: "
                + "grep:timeout (literal text, case-sensitive, spaces allowed), grep:\"/api/v1\" (literal as a JSON string, "
                + "for text that starts with / or a quote), grep:\"Connection refused\"i (i ignores case), "
                + "grep:/status=5\\d\\d/ (a regex in Java syntax, without back references or lookaround), grep:/time(d )?out/i; add context:N for lines around each match, "
                + "max:N for at most N matches, from:N to start at line or entry N: grep:ERROR context:2 max:20, "
                + "grep:timeout from:1235. Then read around a match with lines:A-B.";
    }

    @Override
    public String example() {
        return "grep:/time(d )?out/i context:2";
    }

    @Override
    public Selector.Grep parse(String selector) {
        Matcher split = TRAILING_OPTIONS.matcher(selector.substring(prefix().length()));
        if (!split.matches()) {
            throw bad(selector, "is not understood");
        }
        String body = split.group(1).strip();
        int context = 0;
        long max = Long.MAX_VALUE;
        long from = -1;
        String seen = "";
        for (String option : split.group(2).strip().split("\\s+")) {
            if (option.isEmpty()) {
                continue;
            }
            Matcher one = ONE_OPTION.matcher(option);
            if (!one.matches()) {
                throw bad(selector, "is not understood");
            }
            if (seen.contains(one.group(1) + ",")) {
                throw bad(selector, "names " + one.group(1) + ": twice");
            }
            seen += one.group(1) + ",";
            long value = Long.parseLong(one.group(2));
            switch (one.group(1)) {
                case "context" -> {
                    if (value > MAX_CONTEXT) {
                        throw bad(selector, "asks for " + value + " context lines; at most " + MAX_CONTEXT + " are shown");
                    }
                    context = (int) value;
                }
                case "max" -> {
                    if (value < 1) {
                        throw bad(selector, "asks for at most 0 matches; max:N needs N >= 1");
                    }
                    max = value;
                }
                default -> from = value;
            }
        }
        if (body.isEmpty()) {
            throw bad(selector, "has no pattern");
        }
        if (body.startsWith("\"")) {
            return quoted(selector, body, context, max, from);
        }
        if (body.startsWith("/")) {
            Matcher regex = REGEX.matcher(body);
            if (!regex.matches()) {
                throw bad(selector, "starts a regular expression with / but does not close it with /; for text that starts "
                        + "with /, write it as a JSON string, e.g. grep:\"" + Utf8.clip(body, 60) + "\"");
            }
            if (!regex.group(2).isEmpty() && !regex.group(2).equals("i")) {
                throw bad(selector, "ends its regular expression with the flags '" + Utf8.clip(regex.group(2), 40) + "', but the one "
                        + "flag is i (ignore case); for text that starts with /, write it as a JSON string, e.g. grep:\""
                        + Utf8.clip(body, 60) + "\"");
            }
            return new Selector.Grep(regex.group(1), true, flags(selector, regex.group(2)), context, max, from);
        }
        Matcher mistyped = MISTYPED_OPTION.matcher(body);
        if (mistyped.matches()) {
            // searched as text, it would answer "no matches" and the model would believe the text absent
            throw bad(selector, "ends with '" + Utf8.clip(mistyped.group(1), 40) + "', which is not an option: context:N, max:N "
                    + "and from:N take a whole number of at most 18 digits, in lower case; to search for this text itself, write "
                    + "it as a JSON string, e.g. grep:" + Utf8.clip(KeyNames.quoted(body), 80));
        }
        return new Selector.Grep(body, false, false, context, max, from);
    }

    /** {@code "TEXT"} as a JSON string, then optionally the flag {@code i}. */
    private static Selector.Grep quoted(String selector, String body, int context, long max, long from) {
        try (JsonParser parser = QuotedText.JSON.createParser(body)) {
            if (parser.nextToken() == JsonToken.VALUE_STRING) {
                String text = parser.getText();
                String after = body.substring((int) parser.currentLocation().getCharOffset());
                if (text.isEmpty()) {
                    throw bad(selector, "has an empty pattern");
                }
                return new Selector.Grep(text, false, flags(selector, after), context, max, from);
            }
        } catch (IOException e) {
            // refused below
        }
        throw bad(selector, "starts a quoted pattern but is not one JSON string");
    }

    private static boolean flags(String selector, String flags) {
        if (flags.isEmpty() || flags.equals("i")) {
            return !flags.isEmpty();
        }
        throw bad(selector, "has the flags '" + Utf8.clip(flags, 40) + "'; the one flag is i (ignore case)");
    }

    private static InvalidSelectorException bad(String selector, String why) {
        return new InvalidSelectorException("selector '" + Utf8.clip(selector, 200) + "' " + why + ": " + FORMS);
    }

    /** The selector as written back: the pattern plain when that reads back the same, then the options. */
    static String display(Selector.Grep grep) {
        String options = (grep.context() > 0 ? " context:" + grep.context() : "")
                + (grep.max() != Long.MAX_VALUE ? " max:" + grep.max() : "")
                + (grep.from() >= 0 ? " from:" + grep.from() : "");
        String flag = grep.ignoreCase() ? "i" : "";
        if (grep.regex()) {
            return "grep:/" + grep.pattern() + "/" + flag + options;
        }
        if (!grep.ignoreCase() && readsBackPlain(grep.pattern())) {
            return "grep:" + grep.pattern() + options;
        }
        return "grep:" + KeyNames.quoted(grep.pattern()) + flag + options;
    }

    private static boolean readsBackPlain(String text) {
        if (text.startsWith("\"") || text.startsWith("/") || !text.equals(text.strip())
                || text.chars().anyMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)) {
            return false;
        }
        Matcher split = TRAILING_OPTIONS.matcher(text);
        return split.matches() && split.group(2).isEmpty() && !MISTYPED_OPTION.matcher(text).matches();
    }
}
