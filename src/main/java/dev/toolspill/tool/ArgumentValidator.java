package dev.toolspill.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/** Checks a call's arguments against its tool's JSON Schema, with messages the model can act on. */
public class ArgumentValidator {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    /** Compiles a schema up front, so a broken one fails at start-up rather than on the first call. */
    public void register(Tool tool) {
        schemas.put(tool.name(), REGISTRY.getSchema(tool.parameters()));
    }

    /** Throws a {@link ToolException} that lists every violation. */
    public void validate(Tool tool, JsonNode arguments) {
        if (arguments == null || !arguments.isObject()) {
            throw new ToolException("arguments of " + tool.name() + " must be a JSON object, got "
                    + (arguments == null ? "nothing" : arguments.getNodeType().name().toLowerCase()) + "; its schema: " + tool.parameters());
        }
        Schema schema = schemas.computeIfAbsent(tool.name(), name -> REGISTRY.getSchema(tool.parameters()));
        List<Error> errors = schema.validate(arguments);
        if (!errors.isEmpty()) {
            throw new ToolException("arguments of " + tool.name() + " do not match its schema: "
                    + errors.stream().map(Error::toString).collect(Collectors.joining("; "))
                    + "; schema: " + tool.parameters());
        }
    }
}
