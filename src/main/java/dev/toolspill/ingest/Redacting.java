package dev.toolspill.ingest;

import dev.toolspill.history.Admitted;
import dev.toolspill.redact.Redactor;
import io.vertx.mutiny.core.buffer.Buffer;

/**
 * The first stage of a flow: the body's credentials replaced before any byte reaches the head, the scanner or the
 * store, so the blob (its size, its digest, its summary, its read index) is of the redacted bytes. The redactor holds
 * back the last few KiB of the body until the next chunk comes (a secret may be split across chunks); the rest it
 * passes on at once. Without a redactor (redaction off for this output) chunks pass as they are.
 */
final class Redacting {

    private static final Buffer NOTHING = Buffer.buffer(new byte[0]);

    private final Redactor redactor;
    private boolean ended;

    Redacting(Redactor redactor) {
        this.redactor = redactor;
    }

    /** What of this chunk can go on now (empty while it is held). */
    Buffer chunk(Buffer chunk) {
        if (redactor == null) {
            return chunk;
        }
        byte[] out = redactor.push(chunk.getDelegate().getByteBuf().nioBuffer()); // read once, into the held window
        return out.length == 0 ? NOTHING : wrap(out);
    }

    /** The bytes held back, once the body has {@code ended}; empty before and after that. */
    Buffer end(boolean bodyEnded) {
        if (!bodyEnded || ended || redactor == null) {
            return NOTHING;
        }
        ended = true;
        return wrap(redactor.finish());
    }

    /** The redactor's fresh array as a buffer, without copying it again (Buffer.buffer(byte[]) would). */
    private static Buffer wrap(byte[] bytes) {
        return Buffer.newInstance(io.vertx.core.buffer.Buffer.buffer(io.netty.buffer.Unpooled.wrappedBuffer(bytes)));
    }

    /** Bytes the redactor holds (its window's size). */
    long heldBytes() {
        return redactor == null ? 0 : redactor.heldBytes();
    }

    /** The answer, saying what was redacted. */
    Admitted told(Admitted admitted) {
        return redactor == null ? admitted : admitted.withRedactions(redactor.redactions());
    }
}
