package dev.toolspill.api;

import dev.toolspill.blob.BlobId;
import dev.toolspill.config.ToolspillConfig;
import dev.toolspill.http.ApiPaths;
import dev.toolspill.inspect.Inspector;
import dev.toolspill.inspect.selector.Selector;
import dev.toolspill.ledger.Ledger;
import dev.toolspill.ledger.LedgerEntry;
import dev.toolspill.ledger.LedgerReads;
import dev.toolspill.tenant.Caller;
import dev.toolspill.tenant.Callers;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;

/**
 * What the operator console ({@code /console}, {@link ConsoleRoutes}) reads, as JSON, with the caller's own API key:
 * who is signed in, a tenant's recent calls from the call ledger with filters and totals, one call with the exact
 * answer its model received, and the full output of its blob through the same selectors as {@code inspect}, a page
 * at a time. A tenant sees only its own calls and blobs: another's answers the same 404 as an unknown id. A tenant
 * named in {@code toolspill.console.operators} sees every tenant's (here only); with authentication off, so does anyone.
 */
@Path(ConsoleResource.API)
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "console", description = "What the operator console at /console reads")
public class ConsoleResource {

    static final String API = ApiPaths.CONSOLE_API;
    static final String NO_CALL = "no call with this id in the ledger of this tenant (or it is older than the retention)";
    /** The latest instant a range may name (the ledger's folders have four-digit years). */
    private static final Instant LATEST = Instant.parse("9999-12-31T00:00:00Z");

    /**
     * Most ledger batches one list reads, the newest (each at most {@code toolspill.ledger.batch-bytes}): past them the
     * page says it is partial, and a narrower range or filter shows the rest.
     */
    static final int MAX_BATCHES = 16;

    /** Most calls one list shows (the newest); totals count every call in range. */
    static final int MAX_LISTED = 500;
    static final Duration MAX_RANGE = Duration.ofDays(31);

    private final LedgerReads ledger;
    private final String recording;
    private final Inspector inspector;
    private final Callers callers;
    private final Set<String> operators;

    public ConsoleResource(LedgerReads ledger, Ledger recorder, Inspector inspector, Callers callers, ToolspillConfig config) {
        this.ledger = ledger;
        this.recording = recorder.on() ? ON : OFF;
        this.inspector = inspector;
        this.callers = callers;
        this.operators = Set.copyOf(config.console().operators().orElse(List.of()));
    }

    /** {@code ledger} of {@link Me} and {@link ConsoleCalls.Page}: whether calls are recorded now. */
    static final String ON = "on";
    /** The ledger is off (no blob store, or {@code toolspill.ledger.enabled=false}): no call made now will be listed. */
    static final String OFF = "off";

    /** Who reads: a tenant, or an operator who sees every tenant; and whether the ledger records calls ({@code on}, {@code off}). */
    public record Me(String tenant, boolean operator, String ledger) {
    }

    @GET
    @Path(ApiPaths.CONSOLE_ME)
    @Operation(operationId = "consoleMe", summary = "Who the key belongs to, and whether it sees every tenant")
    public Me me() {
        Caller caller = callers.current();
        return new Me(caller.tenant(), operator(caller), recording);
    }

    @GET
    @Path(ApiPaths.CONSOLE_CALLS)
    @Operation(operationId = "consoleCalls", summary = "Recent calls from the call ledger, newest first, with totals per tool")
    public Uni<ConsoleCalls.Page> calls(@QueryParam("tool") String tool, @QueryParam("disposition") String disposition,
                                        @QueryParam("from") String from, @QueryParam("to") String to,
                                        @QueryParam("tenant") String tenant) {
        Caller caller = callers.current();
        Instant until = time(to, Instant.now().plusSeconds(1), "to");
        Instant since = time(from, until.minus(Duration.ofHours(24)), "from");
        if (!since.isBefore(until) || Duration.between(since, until).compareTo(MAX_RANGE) > 0) {
            throw new ApiException(Response.Status.BAD_REQUEST, "'from' must be before 'to', at most " + MAX_RANGE.toDays() + " days apart");
        }
        boolean everyTenant = operator(caller) && blank(tenant);
        String whose = operator(caller) && !blank(tenant) ? tenant : caller.tenant();
        // the newest batches only, up to MAX_BATCHES, folded as they come: memory and work stay bounded by that, not by the range
        return ledger.batches(whose, everyTenant, since, until).flatMap(keys -> ledger
                .read(keys.subList(0, Math.min(keys.size(), MAX_BATCHES)), since, until,
                        entry -> (blank(tool) || tool.equals(entry.tool())) && (blank(disposition) || disposition.equals(entry.disposition())))
                .collect().in(() -> new ConsoleCalls.Fold(MAX_LISTED), ConsoleCalls.Fold::add)
                .map(fold -> fold.page(keys.size() > MAX_BATCHES, recording)));
    }

    @GET
    @Path(ApiPaths.CONSOLE_CALL)
    @Operation(operationId = "consoleCall", summary = "One call: the exact answer its model received")
    public Uni<LedgerEntry> call(@PathParam("id") String id) {
        Caller caller = callers.current();
        return ledger.find(caller.tenant(), operator(caller), id)
                .map(found -> found.orElseThrow(() -> new ApiException(Response.Status.NOT_FOUND, NO_CALL)));
    }

    /** One page of a blob, as {@code inspect} reads it, and the selector of the next page. */
    public record Part(String text, String next, boolean truncated, long droppedBytes) {
    }

    @GET
    @Path(ApiPaths.CONSOLE_INSPECT)
    @Operation(operationId = "consoleInspect", summary = "A part of a call's blob, through inspect's selectors (one page, never the whole blob)")
    public Uni<Part> inspect(@PathParam("id") String id, @QueryParam("selector") String selector) {
        Caller caller = callers.current();
        Caller reader = operator(caller) ? Caller.ANYONE : caller;
        return Uni.createFrom().item(() -> BlobId.parse(id))
                .flatMap(blobId -> inspector.inspect(reader, blobId, Selector.parse(selector)))
                .map(limited -> new Part(limited.text(), limited.next(), limited.truncated(), limited.droppedBytes()));
    }

    private boolean operator(Caller caller) {
        return caller.tenant() == null || operators.contains(caller.tenant());
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static Instant time(String value, Instant otherwise, String name) {
        if (blank(value)) {
            return otherwise;
        }
        try {
            Instant at = Instant.parse(value);
            if (at.isBefore(Instant.EPOCH) || at.isAfter(LATEST)) {
                throw new ApiException(Response.Status.BAD_REQUEST, "'" + name + "' must lie between 1970 and 9999: " + value + " does not");
            }
            return at;
        } catch (DateTimeParseException e) {
            throw new ApiException(Response.Status.BAD_REQUEST, "'" + name + "' is an ISO-8601 instant such as 2026-12-03T09:00:00Z");
        }
    }
}
