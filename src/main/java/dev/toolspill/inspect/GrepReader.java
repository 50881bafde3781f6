package dev.toolspill.inspect;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.limit.HistoryLimit;
import dev.toolspill.limit.Limited;
import dev.toolspill.scan.BlobKind;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.text.Utf8;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.core.buffer.Buffer;

import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Answers {@code grep:} selectors: streams the blob from the unit the search starts at (found with the read index,
 * so a next part does not read what the parts before it searched), on a worker thread, and stops reading once the
 * page is decided. Literal patterns are searched as bytes; a regular expression is tried per unit under a step budget.
 */
final class GrepReader {

    /** Chunks read ahead of the search: reading and searching overlap, memory stays a few chunks. */
    private static final int CHUNKS_AHEAD = 4;
    /** A unit longer than this (or four times the limit) is searched part by part; a regex sees parts this long. */
    private static final int WINDOW = 64 * 1024;
    private static final String META = "\\^$.|?*+()[]{}";

    private final BlobStore store;
    private final HistoryLimit limit;
    private final InspectSettings settings;

    GrepReader(BlobStore store, HistoryLimit limit, InspectSettings settings) {
        this.store = store;
        this.limit = limit;
        this.settings = settings;
    }

    Uni<Limited> read(BlobId id, ReadIndex index, Selector.Grep grep) {
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
        // without context only candidates are visited: the literal's hits, or a regex's lines that hold its required text
        Literal skip = !text || grep.context() != 0 ? null
                : matcher instanceof Literal literal ? literal : matcher instanceof RegexMatcher regex ? regex.required() : null;
        long startUnit = Math.max(first, from - grep.context());
        long start = index.startBefore(startUnit);
        GrepScan scan = new GrepScan(text ? new UnitFramer.Lines() : new UnitFramer.Entries(), matcher, skip, page, start,
                index.positionBefore(startUnit), from, keep, window);
        return store.streamInBulk(id, ByteRange.between(start, text ? index.bytes() : index.end()))
                .emitOn(Infrastructure.getDefaultWorkerPool(), CHUNKS_AHEAD)
                .map(chunk -> Optional.ofNullable(feed(scan, chunk)))
                .filter(Optional::isPresent)
                .toUni()
                .map(found -> found == null ? scan.end() : found.get())
                .onFailure(GrepScan.GaveUp.class).transform(e -> tooCostly(grep, text, (GrepScan.GaveUp) e));
    }

    /** The chunk's bytes go straight into the search's buffer. */
    private static Limited feed(GrepScan scan, Buffer chunk) {
        return scan.feed(chunk.length(), (target, at) -> chunk.getBytes(target, at));
    }

    /** Literal text (also a regex without special characters) is searched as bytes; anything else as a regex. */
    private UnitMatcher matcher(Selector.Grep grep, boolean text, int window) {
        String pattern = grep.pattern();
        boolean plain = !pattern.isEmpty() && (!grep.regex() || pattern.chars().noneMatch(c -> META.indexOf(c) >= 0));
        if (text && !grep.regex() && (pattern.indexOf('\n') >= 0)) {
            throw new InvalidSelectorException("'" + Utf8.clip(grep.toString(), 200) + "' holds a line break, but grep: tests "
                    + "each line on its own, so it would never match: search for the text of one line");
        }
        if (plain && (!grep.ignoreCase() || Literal.foldable(pattern))) {
            return new Literal(pattern, grep.ignoreCase());
        }
        int flags = grep.ignoreCase() ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
        try {
            return new RegexMatcher(Pattern.compile(grep.regex() ? pattern : Pattern.quote(pattern), flags),
                    settings.grepRegexStepsPerChar(), window);
        } catch (PatternSyntaxException e) {
            throw new InvalidSelectorException("'" + Utf8.clip(grep.toString(), 200) + "' is not a valid regular expression ("
                    + e.getDescription() + " at index " + e.getIndex() + "): write Java regex syntax, e.g. grep:/time(d )?out/i, "
                    + "or search for the text as it is with grep:\"TEXT\"");
        } catch (StackOverflowError e) {
            throw new InvalidSelectorException("'" + Utf8.clip(grep.toString(), 200) + "' nests too deeply to compile: "
                    + "simplify the regular expression");
        }
    }

    private InvalidSelectorException tooCostly(Selector.Grep grep, boolean text, GrepScan.GaveUp gaveUp) {
        String where = "'" + Utf8.clip(grep.toString(), 200) + "' gave up on " + (text ? "line " : "entry ") + gaveUp.unit;
        if (gaveUp.tooDeep) {
            return new InvalidSelectorException(where + ": the regular expression repeats a group or alternation too many "
                    + "times there for the matcher to follow (as (a|aa)+ does on a long line): simplify it, e.g. a+ for (a|aa)+ "
                    + "or [ab]+ for (a|b)+, or search for a literal part of it with grep:TEXT");
        }
        return new InvalidSelectorException(where + ": the regular expression needed more than " + settings.grepRegexStepsPerChar() + " steps per character "
                + "there (it backtracks too much, as nested quantifiers like (a+)+ do): simplify it, e.g. a+ for (a+)+, or "
                + "search for a literal part of it with grep:TEXT");
    }
}
