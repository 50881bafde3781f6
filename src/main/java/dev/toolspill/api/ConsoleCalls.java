package dev.toolspill.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.toolspill.ledger.LedgerEntry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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

    record Page(List<LedgerEntry> calls, long matched, List<Total> totals, Total total) {
    }

    static Page page(List<LedgerEntry> entries, int max) {
        List<LedgerEntry> newest = new ArrayList<>(entries);
        newest.sort(Comparator.comparing(LedgerEntry::at).reversed());
        Map<String, Total> byTool = new TreeMap<>();
        Total all = new Total("all", 0, 0, 0, 0, 0);
        for (LedgerEntry entry : newest) {
            String tool = entry.tool() == null ? "" : entry.tool();
            byTool.put(tool, byTool.getOrDefault(tool, new Total(tool, 0, 0, 0, 0, 0)).plus(entry));
            all = all.plus(entry);
        }
        List<LedgerEntry> listed = newest.stream().limit(max).map(LedgerEntry::withoutAnswer).toList();
        return new Page(listed, newest.size(), List.copyOf(byTool.values()), all);
    }
}
