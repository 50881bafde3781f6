package dev.toolspill.pipeline;

import dev.toolspill.history.HistoryGate;

import java.util.ArrayList;
import java.util.List;

/**
 * Identical outputs of one batch run at once, so which of them stores the blob, and which find it stored and may be
 * answered with a one-line reference ({@code toolspill.output.repeat-reference-tools}), is a matter of timing. The
 * model reads the batch in call order: whenever a later call of the same tool got the summary of a blob that an earlier
 * call got only a reference to, the two answers trade places, so a reference never comes before what it refers to.
 */
final class RepeatsInOrder {

    private RepeatsInOrder() {
    }

    static List<CallResult> summaryFirst(List<CallResult> results) {
        List<CallResult> ordered = new ArrayList<>(results);
        for (int i = 0; i < ordered.size(); i++) {
            CallResult early = ordered.get(i);
            if (early.error() || !HistoryGate.isReference(early.admitted())) {
                continue;
            }
            for (int j = i + 1; j < ordered.size(); j++) {
                CallResult late = ordered.get(j);
                if (!late.error() && late.tool().equals(early.tool()) && late.admitted().blob() != null
                        && late.admitted().blob().id().equals(early.admitted().blob().id()) && !HistoryGate.isReference(late.admitted())) {
                    ordered.set(i, new CallResult(early.callId(), early.tool(), false, late.admitted()));
                    ordered.set(j, new CallResult(late.callId(), late.tool(), false, early.admitted()));
                    break;
                }
            }
        }
        return ordered;
    }
}
