package dev.toolspill.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every relative link in the project's Markdown (README, guide, design, the harnesses' READMEs, deploy) reaches a file
 * that exists, and a link to a heading ({@code file.md#heading}) reaches a heading of that name, as GitHub makes
 * anchors: so that moving a section cannot leave a reader at a dead link.
 */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$", Pattern.MULTILINE);
    private static final Pattern FENCE = Pattern.compile("^```.*?^```", Pattern.MULTILINE | Pattern.DOTALL);

    @Test
    void everyRelativeLinkReachesAFileAndEveryAnchorAHeading() throws IOException {
        List<String> dead = new ArrayList<>();
        for (Path doc : documents()) {
            String text = FENCE.matcher(Files.readString(doc)).replaceAll("");
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue; // http:, https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path reached = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                if (!Files.exists(reached)) {
                    dead.add(doc + ": " + target + " (no such file)");
                } else if (hash >= 0 && reached.toString().endsWith(".md")
                        && !anchors(reached).contains(target.substring(hash + 1))) {
                    dead.add(doc + ": " + target + " (no such heading)");
                }
            }
        }
        assertTrue(dead.isEmpty(), () -> "dead links:\n" + String.join("\n", dead));
    }

    private static List<Path> documents() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("."))) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> !p.toString().contains("node_modules") && !p.startsWith("./target") && !p.toString().contains("/."))
                    .toList();
        }
    }

    /** GitHub's anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> anchors = new HashSet<>();
        Matcher heading = HEADING.matcher(FENCE.matcher(Files.readString(doc)).replaceAll(""));
        while (heading.find()) {
            String slug = heading.group(1).strip().toLowerCase(Locale.ROOT)
                    .replaceAll("[`*_]", "").replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1")
                    .replaceAll("[^\\p{L}\\p{N} -]", "").replace(' ', '-');
            String unique = slug;
            for (int n = 1; !anchors.add(unique); n++) {
                unique = slug + "-" + n;
            }
        }
        return anchors;
    }
}
