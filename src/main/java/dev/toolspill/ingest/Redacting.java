package dev.toolspill.ingest;

import dev.toolspill.blob.UploadHops;
import dev.toolspill.history.Admitted;
import dev.toolspill.redact.Redactor;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;

import java.util.ArrayList;
import java.util.List;

/**
 * The first stage of a flow: the body's credentials replaced before any byte reaches the head, the scanner or the
 * store, so the blob (its size, its digest, its summary, its read index) is of the redacted bytes. Chunks wait here
 * and go to the redactor a batch at a time, like the scanner's, on an upload worker (the redactor reads every byte: off
 * the event loop, and in parallel with the receive); a batch under {@value #ON_LOOP} bytes at the body's end (a small
 * output) is redacted on the loop instead of paying a hop. The redactor holds back the last few KiB until more comes (a
 * secret may be split across chunks). Without a redactor (redaction off for this output) chunks pass as they are.
 * Used from the flow's context only; one batch at a time.
 */
final class Redacting {

    /** A batch smaller than this, once the body has ended, is redacted on the event loop (about 0.1 ms of work). */
    static final int ON_LOOP = 64 * 1024;

    private static final Buffer NOTHING = Buffer.buffer(new byte[0]);

    private final Redactor redactor;
    private final ChunkQueue waiting = new ChunkQueue();
    private long waitingBytes, atWork;
    private boolean busy, ended;

    Redacting(Redactor redactor) {
        this.redactor = redactor;
    }

    /** The chunk itself when redaction is off; else it waits for {@link #next} and nothing goes on now. */
    Buffer offer(Buffer chunk) {
        if (redactor == null) {
            return chunk;
        }
        waiting.add(chunk);
        waitingBytes += chunk.length();
        return NOTHING;
    }

    /** Body bytes here that are not yet redacted (waiting, or in the batch at work). */
    long held() {
        return waitingBytes;
    }

    /** Whether a batch goes to the redactor now: one worth a hop, or anything when {@code now}. */
    boolean ready(boolean now) {
        return !busy && waiting.ready(now);
    }

    /** The next batch redacted (on a worker unless small and {@code last}); call {@link #settled} on the context after. */
    Uni<List<Buffer>> next(UploadHops hops, boolean last) {
        List<Buffer> batch = waiting.take();
        atWork = dev.toolspill.blob.BlobUpload.length(batch);
        busy = true;
        return last && atWork < ON_LOOP ? Uni.createFrom().item(() -> redact(batch)) : hops.call(() -> redact(batch));
    }

    /** The batch handed out by {@link #next} is done with. */
    void settled() {
        busy = false;
        waitingBytes -= atWork;
        atWork = 0;
    }

    private List<Buffer> redact(List<Buffer> batch) {
        List<Buffer> out = new ArrayList<>(batch.size());
        for (Buffer chunk : batch) {
            byte[] settled = redactor.push(chunk.getDelegate().getByteBuf().nioBuffer()); // read once, into the held window
            if (settled.length > 0) {
                out.add(wrap(settled));
            }
        }
        return out;
    }

    /** Whether every chunk offered went through the redactor. */
    boolean idle() {
        return !busy && waiting.isEmpty();
    }

    /** Whether the body ended and everything, the held-back tail included, went on: nothing more will come out. */
    boolean drained() {
        return redactor == null || ended;
    }

    /** The bytes held back, once the body has {@code ended} and every batch is through; empty before and after that. */
    Buffer end(boolean bodyEnded) {
        if (!bodyEnded || ended || redactor == null || !idle()) {
            return NOTHING;
        }
        ended = true;
        return wrap(redactor.finish());
    }

    void clear() {
        waiting.clear();
    }

    /** The redactor's fresh array as a buffer, without copying it again (Buffer.buffer(byte[]) would). */
    private static Buffer wrap(byte[] bytes) {
        return Buffer.newInstance(io.vertx.core.buffer.Buffer.buffer(io.netty.buffer.Unpooled.wrappedBuffer(bytes)));
    }

    /** The answer, saying what was redacted. */
    Admitted told(Admitted admitted) {
        return redactor == null ? admitted : admitted.withRedactions(redactor.redactions());
    }
}
