package dev.toolspill.ledger;

import dev.toolspill.TestVertx;
import dev.toolspill.blob.Journal;
import dev.toolspill.blob.fs.FsJournal;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The call ledger in a filesystem store's folder. */
class FsLedgerTest extends LedgerContractTest {

    @TempDir
    Path root;

    @Override
    protected Journal journal() {
        return new FsJournal(root, TestVertx.VERTX);
    }

    @Override
    protected List<String> keys() {
        Path ledger = root.resolve("ledger");
        if (!Files.exists(ledger)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(ledger)) {
            return files.filter(Files::isRegularFile).map(file -> root.relativize(file).toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
