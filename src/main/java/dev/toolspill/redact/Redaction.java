package dev.toolspill.redact;

import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.metrics.Telemetry;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one place that decides whether and how an output is redacted: on by default, off for the tools of
 * {@code toolspill.redact.off-for-tools} and for a tenant whose {@code redact} is false; a tenant's patterns and
 * allowed values come on top of the operator's. Streams get a {@link Redactor}; text held whole is redacted here.
 * Each redacted value is counted by kind; no value and no position is ever logged.
 */
@ApplicationScoped
@io.quarkus.runtime.Startup // its rules compile at start-up: a configured pattern that is not valid stops it there
public class Redaction {

    /** A text after redaction: the same instance when nothing was found, so a clean answer is byte for byte as before. */
    public record Redacted(String text, Redactions redactions) {
    }

    private final boolean enabled;
    private final Set<String> offForTools;
    private final RuleSet shared;
    private final Map<String, RuleSet> byTenant = new HashMap<>();
    private final Map<String, Boolean> tenantOn = new HashMap<>();
    private final Redactor.Counter counter;

    public Redaction(ToolspillConfig config, Telemetry telemetry) {
        ToolspillConfig.Redact redact = config.redact();
        this.enabled = redact.enabled();
        this.offForTools = Set.copyOf(redact.offForTools().orElse(List.of()));
        List<String> allow = redact.allow().orElse(List.of());
        this.shared = RuleSet.of(redact.patterns(), Set.copyOf(allow), redact.maxSecretBytes());
        config.tenants().forEach((name, tenant) -> {
            tenant.redact().ifPresent(on -> tenantOn.put(name, on));
            if (!tenant.redactPatterns().isEmpty() || tenant.redactAllow().isPresent()) {
                Map<String, String> patterns = new HashMap<>(redact.patterns());
                patterns.putAll(tenant.redactPatterns());
                Set<String> allowed = new HashSet<>(allow);
                allowed.addAll(tenant.redactAllow().orElse(List.of()));
                byTenant.put(name, RuleSet.of(patterns, allowed, redact.maxSecretBytes()));
            }
        });
        this.counter = telemetry::redacted;
    }

    /** A redactor for one output of {@code tool} owned by {@code owner} (a tenant, or null); null when redaction is off for it. */
    public Redactor stream(String tool, String owner) {
        RuleSet rules = rulesFor(tool, owner);
        return rules == null ? null : rules.redactor(counter);
    }

    /** {@code text} with its secrets replaced (unchanged, the same instance, when it holds none or redaction is off). */
    public Redacted text(String tool, String owner, String text) {
        Redactor redactor = stream(tool, owner);
        if (redactor == null || text == null || text.isEmpty()) {
            return new Redacted(text, Redactions.NONE);
        }
        byte[] out = redactor.all(text.getBytes(StandardCharsets.UTF_8));
        Redactions found = redactor.redactions();
        return found.none() ? new Redacted(text, found) : new Redacted(new String(out, StandardCharsets.UTF_8), found);
    }

    private RuleSet rulesFor(String tool, String owner) {
        boolean on = owner == null ? enabled : tenantOn.getOrDefault(owner, enabled);
        if (!on || offForTools.contains(tool)) {
            return null;
        }
        return owner == null ? shared : byTenant.getOrDefault(owner, shared);
    }
}
