package dev.toolspill.ingest;

import dev.toolspill.blob.BlobId;
import dev.toolspill.blob.BlobStoreException;
import dev.toolspill.blob.BlobUpload;
import dev.toolspill.history.Admitted;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;

import java.io.IOException;
import java.util.List;

/**
 * One output taken from a stream, as a pipeline of stages that overlap: the source (a request body, a tool's answer) is read
 * on its event loop, a chunk at a time as the pipeline asks for it, and redacted ({@link Redacting}); the scanner (UTF-8,
 * lines, JSON shape, read index) and the store's writer each take the chunks in order, one hop at a time, on the upload
 * workers, so a fast body runs at the pace of its slowest stage, not of their sum. At most {@value #HOLD} bytes are held
 * between the stages, and all flows together hold at most {@link IngestMemory}: past either, the source is paused (when
 * it is the shared memory, a stage takes what is held without waiting for a full hop). Every step runs on the flow's
 * Vert.x context; no thread waits.
 */
final class IngestFlow extends BodyReader {

    /** Body bytes one upload may hold between its stages; past it, its source is paused. */
    static final long HOLD = 512 * 1024;

    private final StreamIngest.Stages stages;
    private final StreamIngest.Job job;
    private final Head head;
    private final Redacting redacting;
    private UniEmitter<? super Admitted> emitter;
    private boolean finished, pumping, again, large;
    private byte[] first;
    private ScanStage scanner;
    private BlobId id;
    private BlobUpload upload;
    private final ChunkQueue toScan = new ChunkQueue();
    private final ChunkQueue toWrite = new ChunkQueue();
    private long received, scanned, written;
    private boolean scanning, writing, ending;

    IngestFlow(StreamIngest.Stages stages, StreamIngest.Job job, Vertx vertx) {
        super(vertx, job.onStall(), stages.stalls(), stages.memory().share());
        this.stages = stages;
        this.job = job;
        this.head = new Head(stages.inlineMaxBytes());
        this.redacting = new Redacting(stages.redaction().stream(job.tool(), job.owner()));
    }

    /** Reads {@code body} to its end (or to the first refusal); cancelling the answer drops the upload. */
    Uni<Admitted> run(io.smallrye.mutiny.Multi<Buffer> body) {
        return Uni.createFrom().emitter(emitter -> {
            this.emitter = emitter;
            emitter.onTermination(() -> onContext(() -> fail(new IOException("the output was abandoned before it was stored"))));
            onContext(() -> {
                watched();
                read(body);
            });
        });
    }

    @Override
    boolean done() {
        return finished;
    }

    @Override
    void more() {
        pump();
    }

    @Override
    void failed(Throwable failure) {
        fail(failure);
    }

    @Override
    void chunk(Buffer chunk) {
        take(redacting.chunk(chunk));
        pump();
    }

    private void take(Buffer chunk) {
        if (chunk.length() == 0) {
            return;
        }
        Buffer rest = large ? chunk : head.take(chunk); // what the head did not take
        if (!large && head.full()) {
            startLarge();
        }
        if (large && rest != null) {
            enqueue(rest);
        }
    }

    /** Runs what can run now; a step that completes at once loops here instead of recursing. */
    private void pump() {
        if (pumping) {
            again = true;
            return;
        }
        pumping = true;
        try {
            do {
                again = false;
                step();
            } while (again && !finished);
        } finally {
            pumping = false;
            holding(finished ? 0 : held() + redacting.heldBytes());
        }
    }

    private void step() {
        if (finished) {
            return;
        }
        take(redacting.end(sourceDone)); // what the redactor held back, once the body has ended
        if (held() < HOLD) {
            request(held() == 0); // first: when it finds the replica's ingest memory in use, what is held goes on below
        }
        if (!large) {
            if (sourceDone) {
                endSmall();
                return;
            }
        } else {
            boolean now = sourceDone || held() >= HOLD || waitingForMemory(); // else a stage waits for a batch worth its hop
            if (!scanning && toScan.ready(now)) {
                scan();
            }
            if (!writing && upload != null && toWrite.ready(now)) {
                write();
            }
            if (sourceDone && toScan.isEmpty() && toWrite.isEmpty() && !scanning && !writing && !ending) {
                end();
                return;
            }
        }
    }

    /** Bytes read but not yet both scanned and written. */
    private long held() {
        return received - Math.min(scanned, upload != null ? written : received);
    }

    /** The whole body fits in the head: inline when it fits the limit too, else stored like any other. */
    private void endSmall() {
        Admitted inline;
        try {
            inline = head.inline(stages, job);
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        if (inline != null) {
            complete(inline);
            return;
        }
        startLarge();
        again = true;
    }

    private void startLarge() {
        large = true;
        first = head.content();
        scanner = new ScanStage(stages.settings(), job.json(), head.dropped(), stages.limit().limitFor(job.tool()) + 4);
        id = BlobId.random();
        // an output this replica's tool made is kept even while the store is down (the sender of an upload still holds
        // it, and gets a 503 instead); a store that fails once the stream has started leaves it limited
        boolean keeps = stages.kind().keepsBlobs();
        upload = keeps ? stages.ingest().start(id, StreamIngest.guess(first, job.json()), !job.strict(), job.owner()) : null;
        if (job.strict() && keeps && upload == null) {
            fail(BlobStoreException.notStored(null));
            return;
        }
        if (first.length > 0) {
            enqueue(Buffer.buffer(first));
        }
    }

    private void enqueue(Buffer chunk) {
        if (finished) {
            return;
        }
        received += chunk.length();
        if (received > job.maxBytes()) {
            fail(new StreamIngest.RefusedException("the body is over " + job.limitKey() + " = " + job.maxBytes()
                    + " bytes: send a smaller output or raise that setting", true));
            return;
        }
        toScan.add(chunk);
        if (upload != null) {
            toWrite.add(chunk);
        }
    }

    /** The next chunks through the scanner, on a worker: it is CPU work. */
    private void scan() {
        List<Buffer> batch = toScan.take();
        ScanStage into = scanner;
        scanning = true;
        stages.hops().run(() -> into.feed(batch)).subscribe().with(ok -> onContext(() -> {
            scanning = false;
            scanned += BlobUpload.length(batch);
            pump();
        }), failure -> onContext(() -> {
            scanning = false;
            fail(failure);
        }));
    }

    /** The next chunks to the store, as one write. */
    private void write() {
        List<Buffer> batch = toWrite.take();
        BlobUpload target = upload;
        writing = true;
        target.write(batch).subscribe().with(ok -> onContext(() -> {
                    writing = false;
                    if (upload == target) {
                        written += BlobUpload.length(batch);
                    }
                    pump();
                }), failure -> onContext(() -> {
                    writing = false;
                    writeFailed(target, failure);
                    pump();
                }));
    }

    /** A store that fails mid-stream is dropped; without {@code strict}, the rest of the body is still read, for the limited prefix. */
    private void writeFailed(BlobUpload target, Throwable failure) {
        if (finished || upload != target) {
            return;
        }
        Log.warnf(job.strict() ? "Storing an upload in %s failed, so it is refused (its sender keeps it): %s"
                : "Storing an output in %s failed, returning it limited: %s", stages.store().location(), failure.toString());
        upload = null;
        toWrite.clear();
        target.abort().subscribe().with(ok -> { }, ignored -> { });
        if (job.strict() && stages.kind().keepsBlobs()) {
            fail(BlobStoreException.notStored(failure));
        }
    }

    /** The body ended and every chunk is scanned and written: the scan's result, then the commit. */
    private void end() {
        ending = true;
        Committer.end(stages, job, scanner, new Committer.Written(id, upload, received, written, first))
                .subscribe().with(admitted -> onContext(() -> ended(admitted)), failure -> onContext(() -> fail(failure)));
    }

    private void ended(Admitted admitted) {
        BlobUpload target = upload;
        upload = null;
        if (admitted.blob() == null && target != null) {
            target.abort().subscribe().with(ok -> { }, ignored -> { }); // it could not be stored: nothing of it stays
        }
        if (finished && admitted.blob() != null) { // abandoned while it committed: nobody was given its id
            stages.store().delete(id).subscribe().with(ok -> { },
                    failure -> Log.warnf("Could not remove blob %s of an abandoned output: %s", id, failure.toString()));
            return;
        }
        complete(admitted);
    }

    private void complete(Admitted admitted) {
        if (finished) {
            return;
        }
        finished = true;
        released();
        emitter.complete(redacting.told(admitted));
    }

    /** Stops reading, and answers only once what was written is gone, so a refused body leaves nothing behind. */
    private void fail(Throwable failure) {
        if (finished) {
            return;
        }
        finished = true;
        released();
        cancelBody();
        toScan.clear();
        toWrite.clear();
        BlobUpload target = upload;
        upload = null;
        (target == null ? Uni.createFrom().voidItem() : target.abort())
                .subscribe().with(ok -> emitter.fail(failure), ignored -> emitter.fail(failure));
    }
}
