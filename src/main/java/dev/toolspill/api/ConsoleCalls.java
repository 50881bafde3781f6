package dev.toolspill.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.toolspill.ledger.LedgerEntry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/** A page of the console's list of calls: the newest calls (without their answers) and the totals of all in range. */
final class ConsoleCalls {

    private ConsoleCalls() {
    }

    /** What a tool's calls gave: bytes the tools returned, bytes and tokens put in the history, bytes kept out of it. */
    record Total(String tool, long calls,
                 @JsonProperty("tool_bytes") long toolBytes,
                 @JsonProperty("history_bytes") long historyBytes,
                 @JsonProperty("history_tokens") long historyTokens,
                 @JsonProperty("kept_out_bytes") long keptOutBytes) {

        Total plus(LedgerEntry entry) {
            return new Total(tool, calls + 1, toolBytes + entry.toolBytes(), historyBytes + entry.historyBytes(),
                    historyTokens + (entry.historyTokens() == null ? 0 : entry.historyTokens()), keptOutBytes + entry.keptOutBytes());
        }
    }

    /**
     * A page of calls: the newest {@code calls}, how many matched, the totals per tool and overall, and whether only
     * the newest batches of the range were read ({@code partial}: a narrower range shows the rest).
     */
    record Page(List<LedgerEntry> calls, long matched, List<Total> totals, Total total, boolean partial, String ledger) {
    }

    /** The totals and the newest {@code max} calls (without their answers) of entries folded one at a time: bounded memory. */
    static final class Fold {
        private final int max;
        private final PriorityQueue<LedgerEntry> newest = new PriorityQueue<>(Comparator.comparing(LedgerEntry::at));
        private final Map<String, Total> byTool = new TreeMap<>();
        private Total all = new Total("all", 0, 0, 0, 0, 0);
        private long matched;

        Fold(int max) {
            this.max = max;
        }

        void add(LedgerEntry entry) {
            String tool = entry.tool() == null ? "" : entry.tool();
            byTool.put(tool, byTool.getOrDefault(tool, new Total(tool, 0, 0, 0, 0, 0)).plus(entry));
            all = all.plus(entry);
            matched++;
            newest.add(entry.withoutAnswer());
            if (newest.size() > max) {
                newest.poll();
            }
        }

        /** The page; {@code ledger} says whether calls are recorded now ({@code on}, {@code off}). */
        Page page(boolean partial, String ledger) {
            List<LedgerEntry> listed = new ArrayList<>(newest);
            listed.sort(Comparator.comparing(LedgerEntry::at).reversed());
            return new Page(listed, matched, List.copyOf(byTool.values()), all, partial, ledger);
        }
    }
}
