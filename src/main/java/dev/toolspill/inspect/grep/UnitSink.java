package dev.toolspill.inspect.grep;

/** What a {@link GrepScan} hands the units it visits to: the page of an answer, which says when it is decided. */
public interface UnitSink {

    /**
     * A unit seen: {@code head[headFrom..+headLength)} holds its first bytes (all of them when it is short enough to
     * show); {@code offset} and {@code length} are its content's place in the blob. True once the answer is decided:
     * the scan then reads no further.
     */
    boolean unit(long no, long offset, long length, byte[] head, int headFrom, int headLength, boolean matched);
}
