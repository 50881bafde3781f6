package dev.toolspill.mcp;

import dev.toolspill.tenant.Callers;
import dev.toolspill.tenant.ToolAccess;
import io.quarkiverse.mcp.server.FilterContext;
import io.quarkiverse.mcp.server.ToolFilter;
import io.quarkiverse.mcp.server.ToolManager;
import jakarta.inject.Singleton;

/** {@code tools/list} shows a tenant only the tools it may call ({@code toolspill.tenants."<name>".tools}). */
@Singleton
public class McpToolAccess implements ToolFilter {

    private final ToolAccess access;
    private final Callers callers;

    public McpToolAccess(ToolAccess access, Callers callers) {
        this.access = access;
        this.callers = callers;
    }

    @Override
    public boolean test(ToolManager.ToolInfo tool, FilterContext context) {
        return access.allows(callers.current(), tool.name());
    }
}
