package dev.toolspill.pipeline;

import dev.toolspill.blob.CallerContext;
import dev.toolspill.history.Admitted;
import dev.toolspill.history.HistoryGate;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.ledger.Ledger;
import dev.toolspill.ledger.LedgerEntry;
import dev.toolspill.metrics.Telemetry;
import dev.toolspill.quota.SharedQuotas;
import dev.toolspill.quota.TenantQuotas;
import dev.toolspill.output.ToolOutput;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.ToolAccess;
import dev.toolspill.tool.Durations;
import dev.toolspill.tool.Tool;
import dev.toolspill.tool.ToolCall;
import dev.toolspill.tool.ToolException;
import dev.toolspill.tool.ToolRegistry;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.quarkus.runtime.Startup;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * Runs one batch of tool calls, in phases: put blob references in place ({@link BlobArguments}); validate the calls; execute them concurrently (bounded,
 * each with a timeout); post-tool-call interceptors; promotion and the blob store (an answer too long to hold is
 * stored as it arrives, within the call's timeout); the limit. Results
 * come back in call order, and a failing call is an error item, never a failed batch.
 */
@Startup // settings it cannot honour fail start-up, not the first batch
@ApplicationScoped
public class ToolPipeline {

    private final ToolRegistry registry;
    private final HistoryGate gate;
    private final StreamedOutputs streams;
    private final BlobArguments arguments;
    private final ToolAccess access;
    private final List<PostToolCallInterceptor> interceptors;
    private final ToolspillConfig.Pipeline config;
    private final Telemetry telemetry;
    private final SharedQuotas quotas;
    private final Ledger ledger;

    public ToolPipeline(ToolRegistry registry, HistoryGate gate, StreamedOutputs streams, BlobArguments arguments,
                        ToolAccess access, Instance<PostToolCallInterceptor> interceptors, ToolspillConfig config,
                        Telemetry telemetry, SharedQuotas quotas, Ledger ledger) {
        this.ledger = ledger;
        this.telemetry = telemetry;
        this.quotas = quotas;
        this.arguments = arguments;
        this.access = access;
        this.registry = registry;
        this.gate = gate;
        this.streams = streams;
        this.interceptors = interceptors.handlesStream()
                .sorted(Comparator.comparingInt(handle -> priority(handle.getBean().getBeanClass())))
                .map(Instance.Handle::get)
                .collect(Collectors.toList());
        this.config = config.pipeline();
    }

    private static int priority(Class<?> type) {
        Priority priority = type.getAnnotation(Priority.class);
        return priority == null ? Integer.MAX_VALUE : priority.value();
    }

    /**
     * Runs the calls for {@code caller}, at most {@code max-concurrency} at once; results in call order, on the
     * caller's context. The caller's tenant may call only its allowed tools, reads only its own blobs and owns what
     * is stored.
     */
    public Uni<List<CallResult>> run(List<ToolCall> calls, Caller caller) {
        return run(calls, Map.of(), caller);
    }

    /**
     * Runs the calls like {@link #run(List)}, except those whose id is a key of {@code unreadable}: their arguments
     * could not be read (a provider's JSON string that does not parse), so each is an error item with that message
     * and its tool's schema. They count against the batch caps like any call.
     */
    public Uni<List<CallResult>> run(List<ToolCall> calls, Map<String, String> unreadable, Caller caller) {
        validate(calls);
        Executor context = CallerContext.executor();
        // each result is handed back as a task of its own: the join subscribes the next call when one completes, and
        // calls that complete at once (inline outputs, unknown tools) would otherwise nest that in one stack, deep
        // enough at a few hundred calls to overflow it
        List<Uni<CallResult>> runs = calls.stream().map(call -> traced(call, unreadable.get(call.id()), caller, context).emitOn(context)).toList();
        return telemetry.span("tool batch", () -> Uni.join().all(runs).usingConcurrencyOf(config.maxConcurrency()).andFailFast(),
                        "toolspill.batch.calls", Integer.toString(calls.size()))
                .map(RepeatsInOrder::summaryFirst)
                .invoke(results -> record(results, caller))
                .emitOn(context);
    }

    /** Each result into the call ledger, as the model receives it (queued in memory: no I/O here). */
    private void record(List<CallResult> results, Caller caller) {
        if (ledger.on()) {
            java.time.Instant at = ledger.now();
            results.forEach(result -> ledger.record(result.admitted().entry(caller.tenant(), at, LedgerEntry.CALL, result.tool(),
                    result.callId(), result.error())));
        }
    }

    /** Most chars of a call id or a tool name in a batch. */
    public static final int MAX_NAME = 256;

    private void validate(List<ToolCall> calls) {
        if (calls == null || calls.isEmpty()) {
            throw new InvalidBatchException("the batch has no calls: send {\"calls\":[{\"id\":\"1\",\"name\":\"<tool>\",\"arguments\":{}}]}");
        }
        if (calls.size() > config.maxCalls()) {
            throw new BatchTooLargeException("the batch has " + calls.size() + " calls, over toolspill.pipeline.max-calls = "
                    + config.maxCalls() + ": split it into smaller batches");
        }
        Set<String> ids = new HashSet<>();
        for (ToolCall call : calls) {
            if (call == null || call.id() == null || call.id().isBlank()) {
                throw new InvalidBatchException("every call needs a non-empty \"id\" so its result can be matched to it");
            }
            if (call.id().length() > MAX_NAME || call.name() != null && call.name().length() > MAX_NAME) {
                throw new InvalidBatchException("a call id or tool name is over " + MAX_NAME + " chars: use short ids and the tools' names");
            }
            if (!ids.add(call.id())) {
                throw new InvalidBatchException("call id '" + call.id() + "' is used twice: ids must be unique within a batch");
            }
        }
    }

    private Uni<CallResult> traced(ToolCall call, String unreadable, Caller on, Executor caller) {
        return telemetry.span("tool call", () -> run(call, unreadable, on, caller),
                "toolspill.tool", String.valueOf(call.name()), "toolspill.call.id", String.valueOf(call.id()));
    }

    private Uni<CallResult> run(ToolCall call, String unreadable, Caller on, Executor caller) {
        if (call.name() == null || call.name().isBlank()) {
            return Uni.createFrom().item(error(call, "the call names no tool: set \"name\" to one of " + available(on)));
        }
        Tool tool = registry.find(call.name()).orElse(null);
        if (tool == null) {
            return Uni.createFrom().item(error(call, "unknown tool '" + call.name() + "'; known tools: " + available(on)));
        }
        if (!access.allows(on, tool.name())) {
            return Uni.createFrom().item(error(call, "tool " + tool.name() + " is not available to this tenant; available: "
                    + available(on)));
        }
        if (unreadable != null) {
            return Uni.createFrom().item(error(call, unreadable + "; its schema: " + tool.parameters()));
        }
        return Uni.createFrom().deferred(() -> arguments.resolve(call.arguments(), on))
                .flatMap(resolved -> run(tool, new ToolCall(call.id(), call.name(), resolved.arguments()), on, caller)
                        .onTermination().invoke(() -> arguments.release(resolved.held())))
                .onFailure().recoverWithItem(failure -> error(call, message(tool, failure)));
    }

    /** The tools this caller may call, by name: a tenant learns no other tool's name. */
    private String available(Caller on) {
        return String.join(", ", access.allowedOf(on, registry.all().stream().map(Tool::name).toList()));
    }

    private Uni<CallResult> run(Tool tool, ToolCall call, Caller on, Executor caller) {
        long[] started = new long[1]; // the call's clock starts when it runs, not while it waits for a turn in its batch
        return Uni.createFrom().voidItem()
                .invoke(() -> started[0] = System.nanoTime())
                .invoke(() -> registry.validator().validate(tool, call.arguments()))
                .flatMap(ignored -> execute(tool, call, on, caller))
                .flatMap(output -> intercept(call, output))
                .flatMap(output -> tool.promotable()
                        ? admit(tool, output, started[0], on.tenant(), caller)
                        : Uni.createFrom().item(gate.admitAsIs(tool.name(), asIs(output))))
                .invoke(admitted -> telemetry.output(call.name(), admitted.disposition().label(), admitted.historyBytes(), admitted.keptOutBytes()))
                // what a tool's output stored counts against the tenant's bytes a day, as an upload's body does
                // (a repeat too, as an upload's body counts before anyone knows it is one: the budget is of bytes sent to be stored)
                .invoke(admitted -> quotas.stored(TenantQuotas.nameOf(on.tenant()), admitted.blob() == null ? 0 : admitted.blob().bytes()))
                .map(admitted -> CallResult.ok(call.id(), call.name(), admitted))
                .onFailure().recoverWithItem(failure -> error(call, message(tool, failure)));
    }

    private Uni<ToolOutput> execute(Tool tool, ToolCall call, Caller on, Executor caller) {
        Duration timeout = timeoutOf(tool);
        Uni<ToolOutput> output = Uni.createFrom().deferred(() -> tool.call(call.arguments(), on));
        if (tool.blocking()) {
            output = output.runSubscriptionOn(Infrastructure.getDefaultWorkerPool()).emitOn(caller);
        }
        return output.ifNoItem().after(timeout)
                .failWith(() -> new ToolException("tool " + tool.name() + " did not finish within " + Durations.format(timeout)
                        + " and was abandoned; retry with a smaller request"));
    }

    /** A streamed answer is stored as it arrives, within what is left of the call's time; any other goes through the gate. */
    private Uni<Admitted> admit(Tool tool, ToolOutput output, long started, String owner, Executor caller) {
        if (output instanceof ToolOutput.Streamed streamed) {
            Duration left = timeoutOf(tool).minusNanos(System.nanoTime() - started);
            return streams.admit(tool.name(), streamed, left, owner).emitOn(caller);
        }
        return gate.admit(tool.name(), output, owner);
    }

    private Duration timeoutOf(Tool tool) {
        Duration configured = config.timeouts().get(tool.name());
        return configured != null ? configured : tool.timeout().orElse(config.timeout());
    }

    private static ToolOutput.Inline asIs(ToolOutput output) {
        if (output instanceof ToolOutput.Streamed streamed) {
            StreamedOutputs.close(streamed);
            throw new ToolException("the answer is too long to return as it is; ask for less");
        }
        return output instanceof ToolOutput.Inline inline ? inline : new ToolOutput.Inline(output.text());
    }

    private Uni<ToolOutput> intercept(ToolCall call, ToolOutput output) {
        Uni<ToolOutput> chain = Uni.createFrom().item(output);
        for (PostToolCallInterceptor interceptor : interceptors) {
            chain = chain.flatMap(current -> interceptor.afterCall(call, current));
        }
        return chain;
    }

    private static String message(Tool tool, Throwable failure) {
        if (failure instanceof ToolException) {
            return failure.getMessage();
        }
        // what the model reads never names a Java type or repeats an internal message: the log has both, by id
        String id = java.util.UUID.randomUUID().toString();
        Log.warnf(failure, "Tool %s failed unexpectedly (failure %s)", tool.name(), id);
        return "tool " + tool.name() + " failed unexpectedly (failure " + id + " in the service log)";
    }

    private CallResult error(ToolCall call, String message) {
        return CallResult.error(call.id(), call.name(), gate.admitAsIs(call.name() == null ? "" : call.name(), new ToolOutput.Inline(message)));
    }
}
