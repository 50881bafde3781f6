package dev.toolspill.ledger;

import dev.toolspill.blob.Journal;
import dev.toolspill.blob.s3.S3Journal;
import dev.toolspill.blob.s3.S3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.util.List;

/** The call ledger in a real S3 server's bucket, beside the blobs. */
class S3LedgerTest extends LedgerContractTest {

    static S3Server server;
    static S3AsyncClient client;

    @BeforeAll
    static void startServer() {
        server = S3Server.start("ledger");
        client = server.client();
    }

    @AfterAll
    static void stopServer() {
        client.close();
        server.stop();
    }

    @Override
    protected Journal journal() {
        keys().forEach(key -> client.deleteObject(delete -> delete.bucket(server.bucket()).key(key)).join());
        return new S3Journal(client, server.bucket());
    }

    @Override
    protected List<String> keys() {
        return client.listObjectsV2(list -> list.bucket(server.bucket()).prefix("ledger/")).join().contents().stream().map(S3Object::key).toList();
    }
}
