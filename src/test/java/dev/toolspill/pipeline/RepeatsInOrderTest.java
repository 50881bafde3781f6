package dev.toolspill.pipeline;

import dev.toolspill.blob.BlobId;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.HistoryGate;
import dev.toolspill.history.StoredBlob;
import dev.toolspill.scan.BlobKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RepeatsInOrderTest {

    private static final BlobId ID = BlobId.random();
    private static final Admitted SUMMARY = new Admitted(ID.tag() + " text | 2 lines", new StoredBlob(ID, BlobKind.TEXT, 5000, 2), null);
    private static final Admitted REFERENCE = new Admitted(ID.tag() + HistoryGate.REPEAT, new StoredBlob(ID, BlobKind.TEXT, 5000, 2, false, true), null);

    @Test
    void aReferenceNeverComesBeforeTheSummaryItRefersTo() {
        List<CallResult> ran = List.of(CallResult.ok("1", "rt", REFERENCE), CallResult.ok("2", "rt", REFERENCE), CallResult.ok("3", "rt", SUMMARY));
        List<CallResult> read = RepeatsInOrder.summaryFirst(ran);
        assertEquals(List.of("1", "2", "3"), read.stream().map(CallResult::callId).toList(), "call ids stay in place");
        assertEquals(List.of(SUMMARY, REFERENCE, REFERENCE), read.stream().map(CallResult::admitted).toList());
    }

    @Test
    void referencesToAnEarlierRequestsBlobAndOtherToolsStayAsTheyAre() {
        List<CallResult> allReferences = List.of(CallResult.ok("1", "rt", REFERENCE), CallResult.ok("2", "rt", REFERENCE));
        assertEquals(allReferences, RepeatsInOrder.summaryFirst(allReferences));
        List<CallResult> otherTool = List.of(CallResult.ok("1", "rt", REFERENCE), CallResult.ok("2", "other", SUMMARY));
        assertEquals(otherTool, RepeatsInOrder.summaryFirst(otherTool));
    }
}
