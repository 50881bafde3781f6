package dev.toolspill.blob.s3;

import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.DedupContractTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Content addressing on S3 (conditional PUTs), replicas being stores on one bucket of the test S3 server. */
@OnTheRunsS3
class S3DedupTest extends DedupContractTest {

    @RegisterExtension
    static final S3Bucket s3 = new S3Bucket("dedup");

    @Override
    protected BlobStore replica() {
        return new S3BlobStore(s3.client(), s3.server().bucket(), false);
    }

    /** Requests as "METHOD first-segment-of-the-key", in order, for whatever client they were given to. */
    static final class Requests implements software.amazon.awssdk.core.interceptor.ExecutionInterceptor {
        final java.util.List<String> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

        @Override
        public void beforeTransmission(software.amazon.awssdk.core.interceptor.Context.BeforeTransmission context,
                                       software.amazon.awssdk.core.interceptor.ExecutionAttributes attributes) {
            String path = context.httpRequest().encodedPath().replaceFirst("^/" + s3.server().bucket() + "/?", "");
            String query = context.httpRequest().rawQueryParameters().keySet().stream().filter(q -> q.equals("uploads") || q.equals("partNumber")
                    || q.equals("uploadId")).sorted().findFirst().map(q -> "?" + q).orElse("");
            seen.add(context.httpRequest().method() + " " + path.replaceFirst("/.*", "") + query);
        }
    }

    @org.junit.jupiter.api.Test
    void aRepeatCostsAKeyReadARecordReadAndAHeadAndALargerOneAbortsItsParts() {
        Requests requests = new Requests();
        BlobStore store = dev.toolspill.blob.StoreLayers.deduplicating(new S3BlobStore(s3.server().client(java.util.List.of(requests)),
                s3.server().bucket(), false), java.util.Optional.empty());
        for (int size : new int[] {64 * 1024, S3Upload.PART_BYTES + 1024 * 1024}) {
            byte[] bytes = new byte[size];
            new java.util.Random(size).nextBytes(bytes);
            dev.toolspill.blob.BlobMetadata first = upload(store, bytes);
            requests.seen.clear();
            org.junit.jupiter.api.Assertions.assertEquals(first, upload(store, bytes));
            java.util.List<String> seen = java.util.List.copyOf(requests.seen);
            java.util.List<String> lookup = java.util.List.of("GET hashes", "GET blobs", "HEAD blobs"); // key, record (beside the blob), blob
            if (size < S3Upload.PART_BYTES) {
                org.junit.jupiter.api.Assertions.assertEquals(lookup, seen, "a repeat under one part sends no body");
            } else {
                org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of("POST blobs?uploads", "PUT blobs?partNumber"), seen.subList(0, 2), seen.toString());
                org.junit.jupiter.api.Assertions.assertEquals(lookup, seen.subList(seen.size() - 4, seen.size() - 1), seen.toString());
                org.junit.jupiter.api.Assertions.assertEquals("DELETE blobs?uploadId", seen.get(seen.size() - 1), "the parts are dropped, never completed: " + seen);
            }
        }
    }

    private static dev.toolspill.blob.BlobMetadata upload(BlobStore store, byte[] bytes) {
        dev.toolspill.blob.BlobUpload upload = store.upload(dev.toolspill.blob.BlobId.random(), dev.toolspill.blob.BlobFormat.TEXT, "acme");
        upload.write(io.vertx.mutiny.core.buffer.Buffer.buffer(bytes)).await().indefinitely();
        return upload.commit(dev.toolspill.blob.BlobFormat.TEXT).await().indefinitely();
    }

    /** S3Proxy 4.1.0 over its filesystem backend emulates {@code If-Match} (a HEAD, then the PUT); AWS S3 and MinIO do not. */
    @Override
    protected boolean replacesAtomically() {
        String external = System.getenv("TOOLSPILL_TEST_S3_ENDPOINT");
        return external != null && !external.isBlank();
    }
}
