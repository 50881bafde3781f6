package dev.toolspill.inspect.read;

import dev.toolspill.inspect.render.GrepPage;
import dev.toolspill.inspect.render.SelectionRenderer;

import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.inspect.selector.InvalidSelectorException;
import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.inspect.grep.BadPatternException;
import dev.toolspill.inspect.grep.GrepScan;
import dev.toolspill.inspect.grep.UnitMatcher;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.text.Utf8;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.core.buffer.Buffer;


/**
 * Answers {@code grep:} selectors: streams the blob from the unit the search starts at (found with the read index,
 * so a next part does not read what the parts before it searched), on a worker thread, and stops reading once the
 * page is decided. The search itself is the grep engine's ({@link dev.toolspill.inspect.grep}); this reads the blob for
 * it and turns what it cannot search for into a message.
 */
public final class GrepReader {

    /** Chunks read ahead of the search: reading and searching overlap, memory stays a few chunks. */
    private static final int CHUNKS_AHEAD = 4;
    /** A unit longer than this (or four times the limit) is searched part by part; a regex sees parts this long. */
    private static final int WINDOW = 64 * 1024;

    private final BlobStore store;
    private final HistoryLimit limit;
    private final InspectSettings settings;

    public GrepReader(BlobStore store, HistoryLimit limit, InspectSettings settings) {
        this.store = store;
        this.limit = limit;
        this.settings = settings;
    }

    public Uni<Limited> read(BlobId id, ReadIndex index, Selector.Grep grep) {
        boolean text = index.kind() == BlobKind.TEXT;
        long first = text ? 1 : 0;
        long lastUnit = text ? index.count() : index.count() - 1;
        long from = grep.from() < 0 ? first : grep.from();
        if (grep.pattern().length() > settings.grepMaxPatternChars()) {
            throw new InvalidSelectorException("the pattern of '" + Utf8.clip(grep.toString(), 100) + "' is " + grep.pattern().length()
                    + " characters long; at most " + settings.grepMaxPatternChars() + " are accepted: search for a shorter, "
                    + "distinctive part of it");
        }
        if (index.count() > 0 && (from < first || from > lastUnit)) {
            String units = text ? "lines" : "entries";
            throw new InvalidSelectorException("blob " + id + " has " + index.count() + " " + units + " (" + first + ".." + lastUnit
                    + "), so '" + Utf8.clip(grep.toString(), 200) + "' starts past its end: use from:N with " + first + " <= N <= " + lastUnit);
        }
        int max = limit.limitFor(SelectionRenderer.TOOL);
        int keep = max + 8;
        int window = Math.max(WINDOW, 4 * keep);
        GrepPage page = new GrepPage(grep, text, max, from, lastUnit, index.bytes(), keep);
        if (!page.fitsAnything()) {
            return Uni.createFrom().item(new Limited(Utf8.truncate("[the limit of inspect, " + max + " bytes, leaves no room "
                    + "for a match of this grep beside its last line: shorten the pattern]", max), 0));
        }
        if (index.count() == 0) {
            return Uni.createFrom().item(page.finish());
        }
        UnitMatcher matcher = matcher(grep, text, window);
        long startUnit = Math.max(first, from - grep.context());
        long start = index.startBefore(startUnit);
        GrepScan scan = new GrepScan(text ? GrepScan.Units.LINES : GrepScan.Units.ENTRIES, matcher, grep.context() == 0, page,
                start, index.positionBefore(startUnit), from, keep, window);
        return store.streamInBulk(id, ByteRange.between(start, text ? index.bytes() : index.end()))
                .emitOn(Infrastructure.getDefaultWorkerPool(), CHUNKS_AHEAD)
                .filter(chunk -> feed(scan, chunk))
                .toUni()
                .map(decided -> {
                    if (decided == null) {
                        scan.end();
                    }
                    return page.answer();
                });
    }

    /** The chunk's bytes go straight into the search's buffer; true once the page is decided. */
    private static boolean feed(GrepScan scan, Buffer chunk) {
        return scan.feed(chunk.length(), (target, at) -> chunk.getBytes(target, at));
    }

    /** The engine's matcher for the pattern; what it cannot search for is an invalid selector, said in its words. */
    private UnitMatcher matcher(Selector.Grep grep, boolean text, int window) {
        String pattern = grep.pattern();
        if (text && !grep.regex() && (pattern.indexOf('\n') >= 0)) {
            throw new InvalidSelectorException("'" + Utf8.clip(grep.toString(), 200) + "' holds a line break, but grep: tests "
                    + "each line on its own, so it would never match: search for the text of one line");
        }
        try {
            return UnitMatcher.of(pattern, grep.regex(), grep.ignoreCase(), window);
        } catch (BadPatternException e) {
            throw new InvalidSelectorException("'" + Utf8.clip(grep.toString(), 200) + "' " + e.getMessage());
        }
    }
}
