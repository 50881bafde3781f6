package dev.toolspill.config;

import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code toolspill.redact.*}: credentials replaced by {@code [redacted:kind]} in every output before it is stored or
 * answered (src/docs/redaction.md). Redacted bytes are gone for good: the store never had them. Nested in
 * {@link ToolspillConfig} as {@code ToolspillConfig.Redact}, which extends it (kept here for size); a tenant's own
 * settings are {@code toolspill.tenants."NAME".redact*}.
 */
public interface RedactConfig {
    /** Redact credentials in outputs; off, they are stored and answered as they came. */
    @WithDefault("true")
    boolean enabled();

    /** Tools whose outputs are never redacted, comma-separated (e.g. a secrets manager's own tool). */
    Optional<List<String>> offForTools();

    /**
     * Longest secret found whole across chunk boundaries, in bytes (a PEM private key block is about 3 KiB): a stream
     * holds back this many bytes until the next chunk comes. A longer candidate is redacted up to this length.
     */
    @WithDefault("8192")
    @Min(value = 1024, message = Bounds.AT_LEAST)
    @Max(value = 1048576, message = Bounds.AT_MOST)
    int maxSecretBytes();

    /**
     * More kinds to redact, keyed by the marker's name, as RE2 patterns (group 1, when present, is the secret):
     * {@code toolspill.redact.patterns."acme-key"=acme_[a-z0-9]{32}}. They are tried on every output, without a prefilter.
     */
    Map<String, String> patterns();

    /** Values never redacted, comma-separated: documented test keys, a public demo token. */
    Optional<List<String>> allow();
}
