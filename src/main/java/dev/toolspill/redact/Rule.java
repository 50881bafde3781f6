package dev.toolspill.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One kind of credential: its expression ({@link Expression}; group 1, when there is one, is the secret, the rest is
 * context that stays), the literals that must occur near it for the expression to be tried
 * ({@code literals}; none: always tried), how far before a literal a match may start ({@code reach}) and end after it
 * ({@code after}), and the gate a value must pass ({@link #gate(String)}): for the generic rules that go by a key name
 * at least so many bits a char, no placeholder, a digit or a sign, so that words, hashes of an id's shape and templates
 * pass untouched. {@code opening}: the text every match starts with, when the rule names one (else empty): the
 * expression is then tried there only, within {@code reach} before a literal ({@link #opens}).
 */
record Rule(String kind, Expression pattern, List<String> literals, int reach, int after, String opening,
            java.util.function.Predicate<String> gate) {

    /** A match may end anywhere within the secret's longest length past its literal. */
    static final int UNBOUNDED = Integer.MAX_VALUE;

    /** Values that name a secret instead of holding one: documentation, templates. */
    private static final Set<String> PLACEHOLDERS = Set.of("password", "passwd", "secret", "changeme", "example", "redacted",
            "undefined", "null", "none", "true", "false", "your_password", "yourpassword", "mypassword", "my_password", "pass",
            "foo", "bar", "baz", "qux"); // the names of documentation (http://foo:bar@host)

    /** Whether a match starts at its literal (or one char of context before it): tried there only. */
    boolean anchored() {
        return reach <= 1 && !literals.isEmpty();
    }

    /**
     * Whether matches are tried only where their {@code opening} is, not searched for in the region around a literal:
     * a search reads the region from every place a match may start, so text dense with literals costs the region's
     * length again for each of them; an attempt at an opening reads only as far as its own match goes.
     */
    boolean opens() {
        return !opening.isEmpty() && !anchored();
    }

    /** Whether {@code text} has the opening at {@code at} (ASCII case ignored: the expression decides). */
    boolean opensAt(CharSequence text, int at) {
        if (at + opening.length() > text.length()) {
            return false;
        }
        for (int i = 0; i < opening.length(); i++) {
            if ((text.charAt(at + i) | 0x20) != (opening.charAt(i) | 0x20)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the value a match found is worth redacting. */
    boolean accepts(CharSequence value) {
        return gate.test(value.toString());
    }

    /**
     * The gate of rules.tsv's second column: {@code -} (the format is specific enough), {@code generic:N} (see
     * {@link #plausible}), {@code userpass} (base64 of {@code user:password}, as Docker's {@code auths.*.auth}).
     */
    static java.util.function.Predicate<String> gate(String column) {
        if (column.equals("-")) {
            return value -> true;
        }
        if (column.equals("userpass")) {
            return Rule::userPassword;
        }
        if (column.startsWith("generic:")) {
            double minEntropy = Double.parseDouble(column.substring("generic:".length()));
            return value -> plausible(value, minEntropy);
        }
        throw new IllegalStateException(RuleSet.RESOURCE + ": unknown gate " + column);
    }

    /** Base64 of printable {@code user:password} with a password that is no placeholder. */
    static boolean userPassword(String value) {
        byte[] decoded;
        try {
            decoded = java.util.Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            return false;
        }
        String text = new String(decoded, java.nio.charset.StandardCharsets.ISO_8859_1);
        int colon = text.indexOf(':');
        return colon >= 0 && colon < text.length() - 1 && text.chars().allMatch(c -> c >= 0x20 && c < 0x7f)
                && plausible(text.substring(colon + 1), 0);
    }

    static boolean plausible(String value, double minEntropy) {
        String lower = value.toLowerCase(Locale.ROOT);
        if (PLACEHOLDERS.contains(lower) || lower.startsWith("xxx") || lower.startsWith("***") || lower.startsWith("...")
                || lower.contains("example") || lower.contains("${") || ENV_REFERENCE.matcher(value).matches()
                || lower.startsWith("%") && (lower.endsWith("%") || lower.startsWith("%(") || lower.startsWith("%{"))
                || lower.startsWith("{{") || NUMBER.matcher(value).matches() || PROPERTY_PATH.matcher(value).matches() || minEntropy > 0 && FILE_PATH.matcher(value).matches()
                || namesItself(lower)) {
            return false; // a placeholder, a template, a variable, a number (a JSON number: the marker would not be JSON)
        }
        boolean digitOrSign = false;
        for (int i = 0; i < value.length() && !digitOrSign; i++) {
            char c = value.charAt(i);
            digitOrSign = !Character.isLetter(c) && c != '.' && c != '_' && c != '-';
        }
        if (minEntropy <= 0) { // a value known by its place (a URL's password): only placeholders pass
            return true;
        }
        return (digitOrSign || value.length() >= 24) && entropy(value) >= minEntropy && !uuid(value);
    }

    private static final java.util.regex.Pattern ENV_REFERENCE = java.util.regex.Pattern.compile("\\$\\{?[A-Za-z_][A-Za-z0-9_]*}?");
    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("-?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    /** Code that reads a setting ({@code this.options.proxy.password}): letters in dotted names, no digit. */
    private static final java.util.regex.Pattern PROPERTY_PATH = java.util.regex.Pattern.compile("[A-Za-z_$][A-Za-z_$]*(?:\\.[A-Za-z_$][A-Za-z_$]*)+\\)?;?");
    /** A file's absolute path ({@code NOPASSWD: /bin/systemctl}): lower case, two parts at least; the value of a key name is not (a password known by its place, as in {@code curl -u}, may be). */
    private static final java.util.regex.Pattern FILE_PATH = java.util.regex.Pattern.compile("(?:/[a-z0-9_.-]+){2,}/?");
    private static final java.util.regex.Pattern WORDS = java.util.regex.Pattern.compile("[a-z]+");
    private static final Set<String> WORDS_OF_PLACEHOLDERS = Set.of("your", "my", "the", "db", "database", "api", "user", "admin",
            "password", "passwd", "pass", "pwd", "secret", "token", "key", "example", "here", "changeme", "change", "value",
            "redacted", "placeholder", "dummy", "fake", "sample", "insert", "put", "replace", "with", "real", "access", "auth",
            "client", "private", "app", "service", "account", "new", "old", "default", "goes", "enter", "some", "super", "very");

    /**
     * A value that names itself ({@code your_password}, {@code <secret-token>}, {@code MY_API_KEY_HERE}): no digit but
     * one or two at its end, and every word of it is one a placeholder is made of. A real password with such a word in it ({@code Secret2024xq})
     * is no placeholder.
     */
    private static boolean namesItself(String lower) {
        String bare = lower.startsWith("<") && lower.endsWith(">") ? lower.substring(1, lower.length() - 1) : lower;
        int digits = 0; // a numbered placeholder (MYTOKEN1): one or two digits at its end go; more make a real one
        while (digits < 2 && digits < bare.length() && bare.charAt(bare.length() - 1 - digits) >= '0'
                && bare.charAt(bare.length() - 1 - digits) <= '9') {
            digits++; // counted, not a regex: this runs on every value found, up to 4096 chars, tried at each position
        }
        bare = bare.substring(0, bare.length() - digits);
        if (bare.isEmpty() || bare.chars().anyMatch(c -> c >= '0' && c <= '9' || Character.isLetter(c) && c > 'z')
                || !bare.chars().allMatch(c -> c >= 'a' && c <= 'z' || "_-. ".indexOf(c) >= 0)) {
            return false;
        }
        java.util.regex.Matcher words = WORDS.matcher(bare);
        while (words.find()) {
            String word = words.group();
            if (!WORDS_OF_PLACEHOLDERS.contains(word) && !compound(word)) {
                return false;
            }
        }
        return true;
    }

    /** A run of placeholder words without separators ({@code yourpassword}, {@code secretkey}); at most 64 letters. */
    private static boolean compound(String word) {
        if (word.length() > 64) {
            return false;
        }
        boolean[] split = new boolean[word.length() + 1]; // split[i]: word[0, i) is placeholder words
        split[0] = true;
        for (int i = 1; i <= word.length(); i++) {
            for (int j = 0; j < i && !split[i]; j++) {
                split[i] = split[j] && WORDS_OF_PLACEHOLDERS.contains(word.substring(j, i));
            }
        }
        return split[word.length()];
    }

    /** Shannon entropy in bits a char. */
    static double entropy(String value) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double bits = 0;
        double n = value.length();
        for (int count : counts) {
            if (count > 0) {
                bits -= count / n * (Math.log(count / n) / Math.log(2));
            }
        }
        return other == 0 ? bits : bits - other / n * (Math.log(other / n) / Math.log(2));
    }

    private static final java.util.regex.Pattern UUID = java.util.regex.Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private static boolean uuid(String value) {
        return UUID.matcher(value).matches();
    }
}
