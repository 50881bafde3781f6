package dev.toolspill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The layer diagram of the architecture doc: each top-level package and its row, 0 at the top. */
final class DocumentedLayers {

    private static final String ROOT = "dev.toolspill.";
    private static final Pattern NAME = Pattern.compile("(?<![.\\w])([a-z]+)(?![.\\w])");

    private DocumentedLayers() {
    }

    /** The first fenced block after the "## Dependencies" heading; words in parentheses and after a bar are notes. */
    static Map<String, Integer> read(Path doc) throws IOException {
        String text = Files.readString(doc);
        int section = text.indexOf("\n## Dependencies");
        int open = text.indexOf("```", section);
        int close = text.indexOf("```", open + 3);
        List<String> lines = text.substring(text.indexOf('\n', open) + 1, close).lines().toList();
        Map<String, Integer> rows = new HashMap<>();
        for (int row = 0; row < lines.size(); row++) {
            String line = lines.get(row).replaceAll("\\(.*?\\)", "").replaceAll("│.*", "");
            Matcher name = NAME.matcher(line);
            while (name.find()) {
                rows.put(name.group(1), row);
            }
        }
        return rows;
    }

    /** {@code api} for {@code dev.toolspill.api}, {@code blob} for {@code dev.toolspill.blob.fs}; null outside ours. */
    static String topPackage(String name) {
        if (!name.startsWith(ROOT)) {
            return null;
        }
        String rest = name.substring(ROOT.length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }
}
