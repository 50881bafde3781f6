package dev.toolspill.tool;

import dev.toolspill.tool.remote.RemoteTools;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Every tool the pipeline can run: CDI beans (among them {@code inspect}, when a blob store exists)
 * and remote tools from configuration. Two tools with one name, or a name model APIs refuse, fail start-up.
 */
@Startup
@ApplicationScoped
public class ToolRegistry {

    private final Map<String, Tool> tools;
    private final ArgumentValidator validator = new ArgumentValidator();

    public ToolRegistry(Instance<Tool> beans, RemoteTools remote) {
        List<Tool> all = new ArrayList<>();
        beans.forEach(all::add); // beans that are off (inspect without a store) are not looked up
        all.addAll(remote.tools());
        this.tools = index(all);
        this.tools.values().forEach(validator::register);
    }

    /** What OpenAI and Anthropic accept as a tool name. */
    static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_-]{1,64}");

    static Map<String, Tool> index(Collection<Tool> all) {
        Map<String, Tool> byName = new TreeMap<>();
        for (Tool tool : all) {
            if (tool.name() == null || !NAME.matcher(tool.name()).matches()) {
                throw new IllegalStateException("tool name '" + tool.name() + "' (" + describe(tool) + ") is not accepted by "
                        + "model APIs: use 1 to 64 letters, digits, '_' or '-' (e.g. web_search)");
            }
            Tool clash = byName.putIfAbsent(tool.name(), tool);
            if (clash != null) {
                throw new IllegalStateException("two tools are named '" + tool.name() + "' (" + describe(clash) + " and "
                        + describe(tool) + "): tool names must be unique, rename one");
            }
        }
        return Collections.unmodifiableMap(byName);
    }

    private static String describe(Tool tool) {
        return tool.getClass().getSimpleName();
    }

    public Optional<Tool> find(String name) {
        return Optional.ofNullable(name).map(tools::get);
    }

    /** All tools, sorted by name. */
    public Collection<Tool> all() {
        return tools.values();
    }

    public ArgumentValidator validator() {
        return validator;
    }
}
