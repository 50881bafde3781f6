package dev.toolspill.api;

import dev.toolspill.blob.BlobId;
import dev.toolspill.inspect.Inspector;
import dev.toolspill.inspect.Selector;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;

/** Reads stored blobs. */
@Path("/v1/blobs/{id}")
public class BlobsResource {

    private final Inspector inspector;

    public BlobsResource(Inspector inspector) {
        this.inspector = inspector;
    }

    /** The same text the {@code inspect} tool returns for this blob and selector. */
    @GET
    @Path("/inspect")
    @Produces("text/plain; charset=utf-8")
    public Uni<String> inspect(@PathParam("id") String id, @QueryParam("selector") String selector) {
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> inspector.inspect(blobId, Selector.parse(selector)));
    }
}
