package dev.toolspill.api;

import dev.toolspill.inspect.selector.FakeSelectorKind;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The filter describes the selector parameter of inspectBlob and consoleInspect from the kinds that exist, and nothing else. */
class OpenApiSelectorsTest {

    @Test
    void aKindAddedIsInTheSelectorParameter() {
        Parameter selector = OASFactory.createParameter().name("selector").in(Parameter.In.QUERY);
        Parameter other = OASFactory.createParameter().name("id").in(Parameter.In.PATH);
        OpenAPI openAPI = OASFactory.createOpenAPI().paths(OASFactory.createPaths().addPathItem("/v1/blobs/{id}/inspect",
                OASFactory.createPathItem().GET(OASFactory.createOperation().operationId("consoleInspect")
                        .addParameter(other).addParameter(selector))));
        new OpenApiSelectors(FakeSelectorKind.withFake()).filterOpenAPI(openAPI);
        assertTrue(selector.getDescription().contains(FakeSelectorKind.FORM)
                && selector.getDescription().contains(FakeSelectorKind.EXAMPLE), selector.getDescription());
        assertNull(other.getDescription(), "only the selector is described");
    }
}
