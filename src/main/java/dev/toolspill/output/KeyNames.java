package dev.toolspill.output;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * How a JSON key is shown to the model so that it reads back unambiguously: as it is when that is safe, else
 * quoted as a JSON string, which {@code key:"..."} accepts. Quoted: the empty key, keys with leading or trailing
 * whitespace, control characters or a quote, and keys holding the separators of a key list ({@code ": "}, {@code ", "}).
 */
public final class KeyNames {

    private KeyNames() {
    }

    public static String display(String key) {
        return needsQuotes(key) ? quoted(key) : key;
    }

    public static String quoted(String key) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(key)) + "\"";
    }

    static boolean needsQuotes(String key) {
        if (key.isEmpty() || Character.isWhitespace(key.charAt(0)) || Character.isWhitespace(key.charAt(key.length() - 1))) {
            return true;
        }
        if (key.contains(": ") || key.contains(", ") || key.indexOf('"') >= 0) {
            return true;
        }
        return key.chars().anyMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029);
    }
}
