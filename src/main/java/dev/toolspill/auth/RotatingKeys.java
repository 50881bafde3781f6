package dev.toolspill.auth;

import io.quarkus.logging.Log;
import io.vertx.core.Vertx;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The API keys in force: those of {@code toolspill.auth.keys} plus those of {@code toolspill.auth.keys-file}, which is
 * read again every {@code keys-file-interval} on a worker thread and, when its content changed, replaces the keys at
 * once (a mounted Kubernetes Secret updates in place). A file that cannot be read or holds something wrong changes
 * nothing: the keys in force stay, and the log says what is wrong without quoting a value. Rotation is: add the new
 * digest beside the old one, hand out the new key, remove the old digest; both are valid in between.
 */
public final class RotatingKeys {

    private static final String PREFIX = "toolspill.auth.keys.";

    private final Map<String, List<String>> configured;
    private final boolean required;
    private final Optional<Path> file;
    private final AtomicReference<ApiKeys> current = new AtomicReference<>();
    private volatile String lastText;
    private volatile String lastWarning;

    /** Reads the file once, now: a wrong file at start-up stops the replica, as wrong keys in the configuration do. */
    public RotatingKeys(boolean required, Map<String, List<String>> configured, Optional<Path> file) {
        this.configured = configured;
        this.required = required;
        this.file = file;
        String text = file.map(RotatingKeys::read).orElse("");
        current.set(keys(text));
        lastText = text;
    }

    public ApiKeys current() {
        return current.get();
    }

    /** Checks the file every interval (a Vert.x timer; the read on a worker thread); returns the timer's id, or -1 without a file. */
    public long watch(Vertx vertx, Duration interval) {
        if (file.isEmpty()) {
            return -1;
        }
        return vertx.setPeriodic(Math.max(1, interval.toMillis()),
                id -> vertx.executeBlocking(() -> read(file.get()), false).onComplete(read -> {
                    if (read.succeeded()) {
                        reload(read.result());
                    } else {
                        warnOnce(read.cause().getMessage() + ": the keys in force stay");
                    }
                }));
    }

    /** Takes the file's new content, if it changed and holds valid keys. */
    void reload(String text) {
        if (text.equals(lastText)) {
            lastWarning = null; // back as it was: a later problem is worth a warning again
            return;
        }
        try {
            ApiKeys keys = keys(text);
            current.set(keys);
            lastText = text;
            lastWarning = null;
            Log.infof("API keys reloaded from toolspill.auth.keys-file: %d key(s) of tenant(s) %s", keys.size(), keys.tenants());
        } catch (IllegalStateException e) {
            warnOnce("toolspill.auth.keys-file changed but was not taken, the keys in force stay: " + e.getMessage());
        }
    }

    /** A problem with the file is said once, not at every check while it lasts. */
    private void warnOnce(String warning) {
        if (!warning.equals(lastWarning)) {
            Log.warn(warning);
            lastWarning = warning;
        }
    }

    private ApiKeys keys(String fileText) {
        Map<String, LinkedHashSet<String>> all = new TreeMap<>();
        configured.forEach((tenant, digests) -> all.computeIfAbsent(tenant, t -> new LinkedHashSet<>()).addAll(strip(digests)));
        parse(fileText).forEach((tenant, digests) -> all.computeIfAbsent(tenant, t -> new LinkedHashSet<>()).addAll(digests));
        Map<String, List<String>> merged = new TreeMap<>();
        all.forEach((tenant, digests) -> merged.put(tenant, List.copyOf(digests)));
        return ApiKeys.configured(required, merged);
    }

    /** {@code toolspill.auth.keys."TENANT"=<digest>[,<digest>]} lines (quotes optional); anything else is refused. */
    static Map<String, List<String>> parse(String text) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("toolspill.auth.keys-file is not a properties file");
        }
        Map<String, List<String>> keys = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (!name.startsWith(PREFIX)) { // its line number, not its text: a key pasted whole would be a secret in the log
                throw new IllegalStateException("toolspill.auth.keys-file may hold only toolspill.auth.keys.\"<tenant>\" lines"
                        + lineOf(text, name).map(line -> " (line " + line + " is another)").orElse(""));
            }
            String tenant = name.substring(PREFIX.length()).replaceAll("^\"|\"$", "");
            keys.put(tenant, strip(List.of(properties.getProperty(name).split(","))));
        }
        return keys;
    }

    private static List<String> strip(List<String> digests) {
        List<String> stripped = new ArrayList<>();
        digests.stream().map(String::strip).filter(digest -> !digest.isEmpty()).forEach(stripped::add);
        return stripped;
    }

    /** The number of the first line that starts with {@code name}, if one does. */
    private static Optional<Integer> lineOf(String text, String name) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith(name)) {
                return Optional.of(i + 1);
            }
        }
        return Optional.empty();
    }

    /** The file's text; an {@link UncheckedIOException} that says in words what is wrong with it (never its content). */
    private static String read(Path path) {
        if (Files.isDirectory(path)) {
            throw unreadable(path, "is a directory, not a file (mount the Secret's key, not the whole Secret, or name the file in it)",
                    new IOException("a directory"));
        }
        try {
            return Files.readString(path);
        } catch (NoSuchFileException e) {
            throw unreadable(path, "does not exist (deleted, renamed, or its volume not mounted)", e);
        } catch (AccessDeniedException e) {
            throw unreadable(path, "may not be read by this process (its permissions)", e);
        } catch (CharacterCodingException e) {
            throw unreadable(path, "is not UTF-8 text (a binary file?)", e);
        } catch (IOException e) {
            throw unreadable(path, "cannot be read: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage()), e);
        }
    }

    private static UncheckedIOException unreadable(Path path, String what, IOException cause) {
        return new UncheckedIOException("toolspill.auth.keys-file " + path + " " + what, cause);
    }
}
