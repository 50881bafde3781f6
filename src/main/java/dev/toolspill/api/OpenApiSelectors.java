package dev.toolspill.api;

import dev.toolspill.inspect.selector.SelectorKinds;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

import java.util.Set;

/**
 * The description of the {@code selector} parameter of {@code inspectBlob} and {@code consoleInspect} in the OpenAPI
 * document, built from the selector kinds (an annotation value must be a constant, and the list is built when the
 * kinds load), so it lists what the tool description and the error messages list.
 */
@OpenApiFilter
public class OpenApiSelectors implements OASFilter {

    /** The operations that read a blob through a selector. */
    static final Set<String> OPERATIONS = Set.of("inspectBlob", "consoleInspect");
    static final String PARAMETER = "selector";

    private final SelectorKinds kinds;

    public OpenApiSelectors() {
        this(SelectorKinds.STANDARD);
    }

    OpenApiSelectors(SelectorKinds kinds) {
        this.kinds = kinds;
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().values().forEach(item -> {
            if (item.getOperations() != null) {
                item.getOperations().values().stream().filter(operation -> OPERATIONS.contains(operation.getOperationId()))
                        .forEach(this::describe);
            }
        });
    }

    private void describe(Operation operation) {
        if (operation.getParameters() == null) {
            return;
        }
        for (Parameter parameter : operation.getParameters()) {
            if (PARAMETER.equals(parameter.getName()) && parameter.getIn() == Parameter.In.QUERY) {
                parameter.setDescription(kinds.forms() + ". A cut answer names the selector of the next part.");
            }
        }
    }
}
