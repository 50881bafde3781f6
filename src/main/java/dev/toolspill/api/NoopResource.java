package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import io.quarkus.resteasy.reactive.server.EndpointDisabled;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Takes any body and answers 204: the baseline the benchmarks measure tool calls against. It exists only when
 * {@code toolspill.bench.noop=true} (src/bench/run.sh sets it): a production replica offers no endpoint that does nothing.
 */
@Path(ApiPaths.NOOP)
@EndpointDisabled(name = "toolspill.bench.noop", stringValue = "false", disableIfMissing = true)
@Tag(name = "ops")
public class NoopResource {

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(operationId = "noop", summary = "Accept a body and do nothing", description = "A baseline for load tests: the same HTTP stack, no work.")
    @APIResponse(responseCode = "204", description = "Nothing to return")
    public void noop(String ignored) {
        // nothing, on purpose
    }
}
