package dev.toolspill.metrics;

import dev.toolspill.config.ToolspillConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * {@link Telemetry} as Prometheus meters (Micrometer, served at {@code /q/metrics}) and OpenTelemetry spans (exported
 * only when configured). The meter names are part of the operations contract (deploy/README.md): rename none lightly.
 */
@Startup // the gauges exist from the first scrape on, not from the first output
@ApplicationScoped
public class MicrometerTelemetry implements Telemetry {

    static final String OTHER_TOOL = "other";
    private static final int TOOL_TAG_MAX_CHARS = 64;
    /** Latency buckets for alerts and dashboards: a few fixed ones rather than a full histogram per operation. */
    private static final Duration[] BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(25), Duration.ofMillis(100),
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30)};

    /** The store calls whose errors deploy/monitoring alerts on: writes (put, upload-write, upload-commit), reads and the check. */
    private static final List<String> STORE_OPERATIONS = List.of("put", "upload-write", "upload-commit", "get", "stream", "metadata", "check");

    private final MeterRegistry registry;
    private final Tracer tracer;
    private final int maxTools;
    private final Set<String> tools = ConcurrentHashMap.newKeySet();
    private final AtomicInteger uploads = new AtomicInteger();
    private final Counter stored;
    private final Counter deduplicated;
    private final Counter deduplicatedBytes;

    @jakarta.inject.Inject
    public MicrometerTelemetry(MeterRegistry registry, Tracer tracer, ToolspillConfig config, Instance<StoreGauges> gauges,
                               Instance<UpstreamGauges> upstreams) {
        this(registry, tracer, config.metrics().maxTools(), gauges.stream().toList());
        upstreams.forEach(this::upstreamGauges);
    }

    MicrometerTelemetry(MeterRegistry registry, Tracer tracer, int maxTools, List<StoreGauges> found) {
        this.registry = registry;
        this.tracer = tracer;
        this.maxTools = maxTools;
        this.stored = Counter.builder("toolspill.stored.bytes").description("Bytes of blobs written to the store").register(registry);
        this.deduplicated = Counter.builder("toolspill.deduplicated.outputs")
                .description("Outputs whose tenant had stored the same bytes: answered with that blob").register(registry);
        this.deduplicatedBytes = Counter.builder("toolspill.deduplicated.bytes")
                .description("Bytes of deduplicated outputs: kept once instead of again").register(registry);
        // the series alerts and dashboards read exist at 0 from the first scrape, not from the first failure or load
        STORE_OPERATIONS.forEach(this::storeErrors);
        List.of("store", "scan").forEach(source -> indexLoads(source));
        Gauge.builder("toolspill.uploads.in.flight", uploads, AtomicInteger::get)
                .description("Outputs being written to the store from a stream right now").register(registry);
        if (!found.isEmpty()) {
            gauge("toolspill.store.well", "1 when the shared store answered its last check, 0 when not", found,
                    g -> g.storeWell().map(well -> well ? 1.0 : 0.0));
            gauge("toolspill.spool.bytes", "Bytes in the local spool waiting for the store", found,
                    g -> g.spoolBytes().map(Long::doubleValue));
            gauge("toolspill.spool.oldest.seconds", "Age of the oldest spooled output, 0 when the spool is empty", found,
                    g -> g.oldestSpooled().map(age -> age.toMillis() / 1000.0));
        }
    }

    private void gauge(String name, String description, List<StoreGauges> sources, Function<StoreGauges, Optional<Double>> value) {
        // strong: a gauge holds its state weakly, and nothing else holds this list, so it would read NaN after a GC
        Gauge.builder(name, sources, all -> all.stream().map(value).flatMap(Optional::stream).findFirst().orElse(Double.NaN))
                .strongReference(true).description(description).register(registry);
    }

    /** One series per configured MCP server, so an alert sees a server whose tools dropped to 0 (it cannot be reached). */
    void upstreamGauges(UpstreamGauges upstreams) {
        for (String server : upstreams.toolsByServer().keySet()) {
            Gauge.builder("toolspill.mcp.upstream.tools", upstreams, u -> u.toolsByServer().getOrDefault(server, 0))
                    .strongReference(true).description("Tools an upstream MCP server offers now; 0 while it cannot be reached")
                    .tag("server", server).register(registry);
        }
    }

    @Override
    public void output(String tool, String disposition, long historyBytes, long keptOutBytes) {
        String tag = toolTag(tool);
        Counter.builder("toolspill.outputs").description("Results put into history, by disposition and tool")
                .tag("disposition", disposition).tag("tool", tag).register(registry).increment();
        Counter.builder("toolspill.history.bytes").description("Bytes of results the model sees")
                .tag("tool", tag).register(registry).increment(historyBytes);
        Counter.builder("toolspill.history.kept.out.bytes").description("Bytes of outputs kept out of history (in blobs, or dropped)")
                .tag("tool", tag).register(registry).increment(keptOutBytes);
    }

    /** Tool names come from callers too ({@code ?tool=}): past {@code toolspill.metrics.max-tools} names, one bucket. */
    String toolTag(String tool) {
        String name = tool == null || tool.isBlank() ? "" : tool.length() > TOOL_TAG_MAX_CHARS ? tool.substring(0, TOOL_TAG_MAX_CHARS) : tool;
        if (tools.contains(name) || (tools.size() < maxTools && tools.add(name))) {
            return name;
        }
        return OTHER_TOOL;
    }

    @Override
    public void stored(long bytes) {
        stored.increment(bytes);
    }

    @Override
    public void redacted(String kind) {
        // kinds are the shipped rules' and the configured patterns' names: a bounded set
        Counter.builder("toolspill.redacted.values").description("Values redacted from outputs, by kind of credential")
                .tag("kind", kind).register(registry).increment();
    }

    @Override
    public void deduplicated(long bytes) {
        deduplicated.increment();
        deduplicatedBytes.increment(bytes);
    }

    @Override
    public <T> Uni<T> storeCall(String operation, Supplier<Uni<T>> call, Predicate<Throwable> fault) {
        return Uni.createFrom().deferred(() -> {
            Timer.Sample sample = Timer.start(registry);
            Span span = start("store " + operation, "toolspill.store.operation", operation);
            return current(span, call)
                    .onItemOrFailure().invoke((item, failure) -> end(operation, sample, span, failure, fault))
                    .onCancellation().invoke(() -> end(operation, sample, span, null, fault));
        });
    }

    @Override
    public <T> Multi<T> storeStream(String operation, Supplier<Multi<T>> stream, Predicate<Throwable> fault) {
        return Multi.createFrom().deferred(() -> {
            Timer.Sample sample = Timer.start(registry);
            Span span = start("store " + operation, "toolspill.store.operation", operation);
            Multi<T> items;
            try (Scope ignored = span.makeCurrent()) {
                items = stream.get();
            }
            return items.onFailure().invoke(failure -> end(operation, sample, span, failure, fault))
                    .onCompletion().invoke(() -> end(operation, sample, span, null, fault))
                    .onCancellation().invoke(() -> end(operation, sample, span, null, fault));
        });
    }

    @Override
    public void storeFailed(String operation) {
        storeErrors(operation).increment();
    }

    @Override
    public void storeBlocking(String operation, long nanos, boolean failed) {
        storeTimer(operation).record(nanos, TimeUnit.NANOSECONDS);
        if (failed) {
            storeErrors(operation).increment();
        }
    }

    private void end(String operation, Timer.Sample sample, Span span, Throwable failure, Predicate<Throwable> fault) {
        sample.stop(storeTimer(operation));
        if (failure != null && fault.test(failure)) {
            storeErrors(operation).increment();
        }
        finish(span, failure);
    }

    private Timer storeTimer(String operation) {
        return Timer.builder("toolspill.store.latency").description("Time of one blob store call, by operation")
                .tag("operation", operation).serviceLevelObjectives(BUCKETS).register(registry);
    }

    private Counter storeErrors(String operation) {
        return Counter.builder("toolspill.store.errors").description("Store calls that failed (unknown ids excluded), by operation")
                .tag("operation", operation).register(registry);
    }

    @Override
    public void sharedLimits(String source) {
        Counter.builder("toolspill.limits.decisions").description("Decisions of the shared tenant limits, by who made them: shared "
                + "(Redis), local or open (Redis unreachable)").tag("source", source).register(registry).increment();
    }

    @Override
    public void ledgerDropped(long entries) {
        Counter.builder("toolspill.ledger.dropped").description("Ledger entries not kept: too many waiting, or the store refused their batch")
                .register(registry).increment(entries);
    }

    @Override
    public void uploadStarted() {
        uploads.incrementAndGet();
    }

    @Override
    public void uploadEnded() {
        uploads.decrementAndGet();
    }

    @Override
    public <T> Uni<T> inspect(Supplier<Uni<T>> read) {
        Timer timer = Timer.builder("toolspill.inspect.latency").description("Time of one inspect read, failures included")
                .serviceLevelObjectives(BUCKETS).register(registry);
        return Uni.createFrom().deferred(() -> {
            Timer.Sample sample = Timer.start(registry);
            return read.get().onTermination().invoke(() -> sample.stop(timer));
        });
    }

    @Override
    public void indexLoad(String source) {
        indexLoads(source).increment();
    }

    private Counter indexLoads(String source) {
        return Counter.builder("toolspill.index.loads").description("Read indexes not found in the cache, by where they came from")
                .tag("source", source).register(registry);
    }

    @Override
    public <T> Uni<T> span(String name, Supplier<Uni<T>> work, String... attributes) {
        return Uni.createFrom().deferred(() -> {
            Span span = start(name, attributes);
            return current(span, work).onItemOrFailure().invoke((item, failure) -> finish(span, failure))
                    .onCancellation().invoke(() -> finish(span, null));
        });
    }

    private Span start(String name, String... attributes) {
        SpanBuilder builder = tracer.spanBuilder(name);
        for (int i = 0; i + 1 < attributes.length; i += 2) {
            builder.setAttribute(attributes[i], attributes[i + 1]);
        }
        return builder.startSpan();
    }

    /** The work is assembled with its span current, so spans it starts right away are its children. */
    private static <T> Uni<T> current(Span span, Supplier<Uni<T>> work) {
        try (Scope ignored = span.makeCurrent()) {
            return work.get();
        } catch (RuntimeException e) {
            finish(span, e);
            throw e;
        }
    }

    private static void finish(Span span, Throwable failure) {
        if (failure != null) {
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR);
        }
        span.end();
    }
}
