package dev.toolspill.blob.s3;

import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.services.s3.S3ServiceClientConfiguration;
import software.amazon.awssdk.services.s3.auth.scheme.S3AuthSchemeProvider;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * Conditional PUTs (a lease's {@code If-None-Match: *}, a content key's {@code If-Match}) go as one plain body, not
 * as the SDK's aws-chunked frames. A server may refuse one with 412 before it has read the body, then close the
 * connection while the rest of a framed body is still coming: the SDK hears no answer, only "the connection was
 * closed during the request", and every retry meets the same race. S3Proxy did that to about 1 refused If-Match in
 * 8 on a loaded machine (S3LeasesTest.everyRefusalIsAnAnswer). These bodies are a few hundred bytes, so the payload
 * hash in a header costs nothing; uploads keep the chunked frames, which hash while they send (a 256 MiB ingest into
 * S3Proxy took about 25% longer with plain bodies).
 */
final class ConditionalPuts {

    /** Turns aws-chunked signing off for the one request it is added to. */
    private static final SdkPlugin PLAIN_BODY = config -> {
        S3ServiceClientConfiguration.Builder s3 = (S3ServiceClientConfiguration.Builder) config;
        S3AuthSchemeProvider chosen = s3.authSchemeProvider();
        s3.authSchemeProvider(params -> chosen.resolveAuthScheme(params).stream()
                .map(option -> option.toBuilder().putSignerProperty(AwsV4FamilyHttpSigner.CHUNK_ENCODING_ENABLED, false).build())
                .toList());
    };

    private ConditionalPuts() {
    }

    /** {@code put} with a plain body. */
    static PutObjectRequest.Builder plainBody(PutObjectRequest.Builder put) {
        return put.overrideConfiguration(override -> override.addPlugin(PLAIN_BODY));
    }
}
