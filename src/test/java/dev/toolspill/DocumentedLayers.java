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

    /**
     * The packages the doc's table has a row for, as {@code inspect/read}: the first cell of each row, where a row may
     * name several ({@code `blob/fs/`, `blob/s3/`}).
     */
    static java.util.Set<String> tableRows(Path doc) throws IOException {
        java.util.Set<String> named = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(doc)) {
            if (line.startsWith("| `")) {
                Matcher cell = Pattern.compile("`([a-z0-9/]+)/`").matcher(line.substring(0, line.indexOf(" |", 2)));
                while (cell.find()) {
                    named.add(cell.group(1));
                }
            }
        }
        return named;
    }
}
