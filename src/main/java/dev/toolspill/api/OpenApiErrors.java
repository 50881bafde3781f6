package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import dev.toolspill.http.Problem;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import java.util.List;
import java.util.Map;

/**
 * The answers every {@code /v1} operation can give, whichever resource serves it, added to the OpenAPI document
 * (registered as {@code mp.openapi.filter}): 401 from the API-key layer, 429 from the tenant limits, and 503 from a replica that is overloaded,
 * draining for shutdown or without its store. Every problem+json body gets the {@link Problem} schema, and every
 * other body without a schema is described as the bytes it is.
 */
public class OpenApiErrors implements OASFilter {

    static final String PROBLEM_SCHEMA = "Problem";

    /** Status, and what it means, for every operation under /v1 that does not describe it itself. */
    private static final Map<String, String> COMMON = Map.of(
            "401", "No API key (or JWT, when an issuer is configured), or one that proves no tenant (with toolspill.auth.enabled, "
                    + "the default in production); WWW-Authenticate: Bearer",
            "429", "Too many requests from this tenant (toolspill.limits.requests-per-second, its uploads at once, or its bytes a "
                    + "day); retry after Retry-After",
            "503", "Not now, retry (Retry-After): this replica is overloaded, shutting down, or cannot reach the blob store");

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents().addSchema(PROBLEM_SCHEMA, problem());
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (path.startsWith(ApiPaths.V1) && item.getOperations() != null) {
                item.getOperations().values().forEach(this::complete);
            }
        });
    }

    private void complete(Operation operation) {
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        COMMON.forEach((status, description) -> {
            if (!operation.getResponses().hasAPIResponse(status)) {
                operation.getResponses().addAPIResponse(status, OASFactory.createAPIResponse().description(description)
                        .content(OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE, OASFactory.createMediaType())));
            }
        });
        operation.getResponses().getAPIResponses().values().forEach(OpenApiErrors::describeBodies);
    }

    private static void describeBodies(APIResponse response) {
        if (response.getContent() == null || response.getContent().getMediaTypes() == null) {
            return;
        }
        response.getContent().getMediaTypes().forEach((type, media) -> {
            if (media.getSchema() == null) {
                media.setSchema(type.startsWith(Problem.MEDIA_TYPE)
                        ? OASFactory.createSchema().ref("#/components/schemas/" + PROBLEM_SCHEMA)
                        : bytes(type));
            }
        });
    }

    /** A body sent as it is stored: text or JSON, never parsed by the service. */
    private static Schema bytes(String type) {
        return OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING))
                .description(type.startsWith("text/") ? "UTF-8 text" : "the stored bytes, as they are");
    }

    /** RFC 9457 problem details, the body of every error. */
    private static Schema problem() {
        Schema string = OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING));
        return OASFactory.createSchema().type(List.of(Schema.SchemaType.OBJECT))
                .description("RFC 9457 problem details: detail says what was wrong and what would work")
                .addProperty("type", string)
                .addProperty("title", string)
                .addProperty("status", OASFactory.createSchema().type(List.of(Schema.SchemaType.INTEGER)))
                .addProperty("detail", string)
                .required(List.of("type", "title", "status", "detail"));
    }
}
