package dev.toolspill.tool;

import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

/**
 * Every tool the pipeline can run: CDI beans (among them {@code inspect}, when a blob store exists) and the tools of
 * every {@link ToolSource} (remote tools from configuration; upstream MCP servers' tools, which come and go with their
 * servers). Two fixed tools with one name, or a name model APIs refuse, fail start-up; a live tool whose name is
 * refused or taken, or whose schema does not compile, is left out with a warning instead.
 */
@Startup
@ApplicationScoped
public class ToolRegistry {

    private final Map<String, Tool> fixed;
    private volatile Map<String, Tool> tools;
    private final ArgumentValidator validator = new ArgumentValidator();
    private final List<ToolSource> live;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    public ToolRegistry(Instance<Tool> beans, Instance<ToolSource> sources) {
        List<Tool> all = new ArrayList<>();
        beans.forEach(all::add); // beans that are off (inspect without a store) are not looked up
        List<ToolSource> changing = new ArrayList<>();
        for (ToolSource source : sources) {
            if (source.live()) {
                changing.add(source);
            } else {
                all.addAll(source.tools());
            }
        }
        this.fixed = index(all);
        this.tools = fixed;
        this.fixed.values().forEach(validator::register);
        this.live = List.copyOf(changing);
        live.forEach(source -> source.onChange(this::refresh));
        refresh();
    }

    /** The fixed tools and the live tools offered now; then listeners hear of it. */
    private void refresh() {
        synchronized (this) {
            Map<String, Tool> next = new TreeMap<>(fixed);
            for (ToolSource source : live) {
                for (Tool tool : source.tools()) {
                    String refused = refusal(tool, next);
                    if (refused == null) {
                        next.put(tool.name(), tool);
                    } else if (warned.add(tool.name() + refused)) {
                        Log.warnf("MCP tool '%s' is not offered: %s", tool.name(), refused);
                    }
                }
            }
            tools = Collections.unmodifiableMap(next);
        }
        listeners.forEach(Runnable::run);
    }

    private String refusal(Tool tool, Map<String, Tool> taken) {
        if (!NAME.matcher(tool.name()).matches()) {
            return "model APIs accept 1 to 64 letters, digits, '_' or '-' (a prefix in toolspill.tools.mcp.\"<server>\".prefix counts too)";
        }
        if (taken.containsKey(tool.name())) {
            return "another tool has that name; give its server a prefix (toolspill.tools.mcp.\"<server>\".prefix)";
        }
        try {
            validator.register(tool);
            return null;
        } catch (RuntimeException e) {
            return "its input schema does not compile: " + e.getMessage();
        }
    }

    /** Called, on any thread, after the set of tools changed (an upstream MCP server came, went or changed its tools). */
    public void onChange(Runnable listener) {
        listeners.add(listener);
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
