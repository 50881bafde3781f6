package dev.toolspill.inspect.read;

import dev.toolspill.inspect.walk.BlobWalk;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.ByteRange;
import dev.toolspill.output.KeyNames;
import dev.toolspill.scan.ReadIndex;
import dev.toolspill.text.Utf8;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What {@code inspect} with no selector adds after the summary, which cannot hold it: a text's longest line (from
 * the read index), an object's largest values (from its key spans), and for an array the keys of a sample of its
 * entries spread over the whole array, with how often each appears and with which types (the summary's schema is
 * the first entry's only, which misleads on mixed data). The sample starts its runs at indexed entries, so it reads
 * no entry it does not count, and reads at most {@code head-sample-bytes}.
 */
public final class HeadPicture {

    /** Runs the sample is spread over at most. */
    static final int RUNS = 50;
    /** Largest values listed for an object. */
    static final int LARGEST = 10;

    private final BlobStore store;
    private final InspectSettings settings;

    public HeadPicture(BlobStore store, InspectSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    /** The sections, each starting with a line break, or an empty text. */
    public Uni<String> of(BlobId id, ReadIndex index) {
        return switch (index.kind()) {
            case TEXT -> Uni.createFrom().item(longestLine(index));
            case JSON_OBJECT -> Uni.createFrom().item(largestValues(index));
            case JSON_ARRAY -> sampledKeys(id, index);
        };
    }

    private static String longestLine(ReadIndex index) {
        ReadIndex.Line line = index.longest();
        if (line == null || line.number() == 0) {
            return "";
        }
        return "\n── longest line ──\nline " + line.number() + ", " + line.bytes() + " bytes: lines:" + line.number() + "-"
                + line.number() + (line.bytes() == 0 ? "" : " or bytes:" + line.offset() + ".." + (line.offset() + line.bytes()));
    }

    private static String largestValues(ReadIndex index) {
        if (index.values().isEmpty()) {
            return "";
        }
        List<Map.Entry<String, ByteRange>> values = new ArrayList<>(index.values().entrySet());
        values.sort(Comparator.comparingLong((Map.Entry<String, ByteRange> e) -> -e.getValue().length()));
        StringBuilder text = new StringBuilder("\n── largest values ──");
        values.stream().limit(LARGEST).forEach(e -> text.append('\n').append(KeyNames.display(Utf8.clip(e.getKey(), 200)))
                .append(": ").append(e.getValue().length()).append(e.getValue().length() == 1 ? " byte" : " bytes"));
        if (!index.allKeysIndexed()) {
            text.append("\n(of the first ").append(index.values().size()).append(" keys; the read index keeps no size for the other ")
                    .append(index.count() - index.values().size()).append(')');
        }
        return text.toString();
    }

    /** Runs of entries from indexed entries spread evenly over the array, together at most the sample's size. */
    private Uni<String> sampledKeys(BlobId id, ReadIndex index) {
        long entries = index.count();
        int wanted = settings.headSampleEntries();
        if (entries == 0 || wanted == 0 || settings.headSampleBytes() == 0) {
            return Uni.createFrom().item("");
        }
        int slots = index.offsets().length;
        int runs = entries <= wanted ? 1 : Math.min(RUNS, Math.min(slots, wanted));
        long perRun = entries <= wanted ? entries : (wanted + runs - 1) / runs;
        List<long[]> plan = new ArrayList<>(); // first entry, entries, for each run
        for (int g = 0; g < runs; g++) {
            long slot = (long) g * slots / runs;
            long next = g + 1 < runs ? (long) (g + 1) * slots / runs * index.every() : entries;
            long first = slot * index.every();
            plan.add(new long[] {first, Math.min(perRun, next - first)});
        }
        KeySample.Stats stats = new KeySample.Stats();
        long budget = settings.headSampleBytes() / runs;
        return Multi.createFrom().iterable(plan)
                .onItem().transformToUniAndConcatenate(run -> BlobWalk.walk(store, id,
                        ByteRange.between(index.startBefore(run[0]), index.end() + 1), new KeySample(stats, run[1], budget)))
                .collect().last()
                .map(ignored -> render(stats, entries));
    }

    private static String render(KeySample.Stats stats, long entries) {
        if (stats.entries == 0) {
            return "";
        }
        StringBuilder text = new StringBuilder("\n── keys in ").append(stats.entries == entries ? "all " + entries + " entries"
                : "a sample of " + stats.entries + " of " + entries + " entries, spread over the array").append(" ──");
        for (Map.Entry<String, KeySample.Count> key : stats.ranked()) {
            text.append('\n').append(KeyNames.display(Utf8.clip(key.getKey(), 200))).append(": ").append(key.getValue());
        }
        if (stats.otherKeys > 0) {
            text.append("\nother keys: ").append(stats.otherKeys).append(" (keys past the first ").append(KeySample.MAX_KEYS)
                    .append(" seen are counted together)");
        }
        if (stats.notObjects.total > 0) {
            text.append("\nentries that are not objects: ").append(stats.notObjects);
        }
        return text.toString();
    }
}
