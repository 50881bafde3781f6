package dev.toolspill.api;

import dev.toolspill.http.ApiPaths;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

import java.util.List;

/**
 * How a client proves its tenant, in the OpenAPI document: both ways go in {@code Authorization: Bearer <token>}, as
 * {@link ApiKeyMechanism} reads them, so both are HTTP bearer schemes. {@value #API_KEY} is a tenant's API key (an
 * {@code apiKey} scheme in the header {@code Authorization} would make generated clients send the key without
 * {@code Bearer}, which is refused); {@value #JWT} is a JWT of {@code toolspill.auth.jwt.issuer}. Every {@code /v1}
 * operation requires one or the other. Run at build time: the document states what production requires
 * ({@code toolspill.auth.enabled} is on there by default).
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class OpenApiSecurity implements OASFilter {

    static final String API_KEY = "apiKey";
    static final String JWT = "jwt";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents()
                .addSecurityScheme(API_KEY, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .description("A tenant's API key as `Authorization: Bearer <key>` (the service keeps only its SHA-256 "
                                + "digest, toolspill.auth.keys)"))
                .addSecurityScheme(JWT, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                        .bearerFormat("JWT").description("A JWT of the issuer toolspill.auth.jwt.issuer as `Authorization: Bearer "
                                + "<jwt>`; the tenant is its claim toolspill.auth.jwt.tenant-claim"));
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> {
            if (path.startsWith(ApiPaths.V1) && item.getOperations() != null) {
                item.getOperations().values().forEach(OpenApiSecurity::require);
            }
        });
    }

    /** Either scheme will do: two requirements, each naming one. */
    private static void require(Operation operation) {
        operation.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(API_KEY),
                OASFactory.createSecurityRequirement().addScheme(JWT)));
    }
}
