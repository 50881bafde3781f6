package dev.toolspill.mcp;

import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.selector.Selector;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlobUriTest {

    static final String ID = "019ad5a1-7c2e-7d3a-9f10-3b2c4d5e6f70";
    static final String BLOB = "toolspill://blobs/" + ID;

    @Test
    void theBlobItselfHasNoSelector() {
        BlobUri uri = BlobUri.parse(BLOB);
        assertEquals(BlobId.parse(ID), uri.id());
        assertNull(uri.selector());
        assertEquals(BLOB, BlobUri.of(BlobId.parse(ID)));
    }

    @Test
    void rangesAreParsedWholeWhereATemplateMatcherCouldSplitThemWrong() {
        assertEquals(new Selector.Lines(10, 12), BlobUri.parse(BLOB + "/lines/10-12").selector());
        assertEquals(new Selector.Slice(10, 120), BlobUri.parse(BLOB + "/slice/10..120").selector());
        assertEquals(new Selector.Slice(1, 20), BlobUri.parse(BLOB + "/slice/1..20").selector());
    }

    @Test
    void keysArePercentDecodedAndTakenLiterally() {
        assertEquals(new Selector.Key("a/b c"), BlobUri.parse(BLOB + "/key/a%2Fb%20c").selector());
        assertEquals(new Selector.Key("1+1"), BlobUri.parse(BLOB + "/key/1+1").selector());
        assertEquals(new Selector.Key("\"quoted\""), BlobUri.parse(BLOB + "/key/%22quoted%22").selector());
    }

    @Test
    void badPartsSayWhatWorks() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlobUri.parse(BLOB + "/lines/5-2")).getMessage()
                .contains("lines:A-B with 1 <= A <= B"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlobUri.parse("toolspill://blobs/nope")).getMessage()
                .contains("is not a blob id"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlobUri.parse(BLOB + "/key/%zz")).getMessage()
                .contains("not percent-encoded correctly"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BlobUri.parse("toolspill://other/" + ID)).getMessage()
                .contains("is not a blob URI"));
    }
}
