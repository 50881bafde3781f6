package dev.toolspill.tenant;

import dev.toolspill.config.ToolspillConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which tools a tenant may call: {@code toolspill.tenants."<name>".tools}, a comma-separated list; a tenant without
 * one may call every tool. {@code inspect} is always allowed: a tenant reads its own blobs with it. Callers that are
 * {@link Caller#ANYONE} (authentication off) may call every tool.
 */
@ApplicationScoped
public class ToolAccess {

    /** Always allowed: reading one's own stored outputs. */
    public static final String INSPECT = "inspect";

    private final Map<String, Set<String>> allowed;

    @Inject
    public ToolAccess(ToolspillConfig config) {
        this(config.tenants().entrySet().stream()
                .filter(tenant -> tenant.getValue().tools().isPresent())
                .collect(Collectors.toMap(Map.Entry::getKey, tenant -> Set.copyOf(tenant.getValue().tools().get().stream()
                        .map(String::strip).filter(name -> !name.isEmpty()).toList()))));
    }

    public ToolAccess(Map<String, Set<String>> allowed) {
        this.allowed = Map.copyOf(allowed);
    }

    public boolean allows(Caller caller, String tool) {
        if (caller.tenant() == null || INSPECT.equals(tool)) {
            return true;
        }
        Set<String> tools = allowed.get(caller.tenant());
        return tools == null || tools.contains(tool);
    }

    /** The names among {@code tools} this caller may call, in their order. */
    public List<String> allowedOf(Caller caller, Collection<String> tools) {
        return tools.stream().filter(tool -> allows(caller, tool)).toList();
    }
}
