package dev.toolspill.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.output.Content;
import dev.toolspill.output.ToolOutput;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** Tools that exist only in tests, each pinning one behaviour of the pipeline. */
public final class TestTools {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private TestTools() {
    }

    static JsonNode schema(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    abstract static class Base implements Tool {
        @Override
        public String description() {
            return "test tool " + name();
        }

        @Override
        public JsonNode parameters() {
            return schema("{\"type\":\"object\"}");
        }
    }

    /** Returns {@code text} repeated {@code times} times. */
    @ApplicationScoped
    public static class Echo extends Base {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public JsonNode parameters() {
            return schema("""
                    {"type":"object","properties":{"text":{"type":"string"},"times":{"type":"integer","minimum":1}},
                     "required":["text"],"additionalProperties":false}""");
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().item(arguments.get("text").asText().repeat(arguments.path("times").asInt(1)));
        }
    }

    /** Always fails, with a message for the model. */
    @ApplicationScoped
    public static class Failing extends Base {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().failure(new ToolException("the disk is on fire; try the tool 'echo' instead"));
        }
    }

    /** Fails with the message it is given, {@code times} times over. */
    @ApplicationScoped
    public static class Complaining extends Base {
        @Override
        public String name() {
            return "complaining";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().failure(new ToolException(arguments.path("message").asText().repeat(arguments.path("times").asInt(1))));
        }
    }

    /** Throws something that is not a ToolException, straight from execute. */
    @ApplicationScoped
    public static class Crashing extends Base {
        @Override
        public String name() {
            return "crashing";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            throw new IllegalStateException("null pointer in the tool");
        }
    }

    /** Answers after {@code millis} without holding a thread. */
    @ApplicationScoped
    public static class Slow extends Base {
        @Override
        public String name() {
            return "slow";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().item("done").onItem().delayIt().by(Duration.ofMillis(arguments.path("millis").asLong(200)));
        }
    }

    /**
     * Blocks its thread for {@code millis} as a blocking client would (it waits on a result that does not come);
     * declares it, so it runs on a worker.
     */
    @ApplicationScoped
    public static class Sleepy extends Base {
        @Override
        public String name() {
            return "sleepy";
        }

        @Override
        public boolean blocking() {
            return true;
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            try {
                new java.util.concurrent.CompletableFuture<Void>().get(arguments.path("millis").asLong(200), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException expected) {
                // the answer that never came: the thread was held for the whole time, as the tool declares
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException impossible) {
                throw new IllegalStateException(impossible);
            }
            return Uni.createFrom().item("slept on " + (io.vertx.core.Context.isOnEventLoopThread() ? "event loop" : "worker"));
        }
    }

    /**
     * Answers once {@code parties} calls of its {@code group} are running at the same time, without holding a thread:
     * "met N of N" then, or "only K of N at once" if they never were (calls run one after another never meet). A
     * deterministic check of concurrency, where a timing would depend on the machine's load.
     */
    @ApplicationScoped
    public static class Meeting extends Base {
        static final Map<String, Group> GROUPS = new ConcurrentHashMap<>();

        record Group(AtomicInteger arrived, CompletableFuture<Void> all) {
        }

        static Group arrive(JsonNode arguments) {
            int parties = arguments.path("parties").asInt();
            Group group = GROUPS.computeIfAbsent(arguments.path("group").asText(),
                    key -> new Group(new AtomicInteger(), new CompletableFuture<>()));
            if (group.arrived().incrementAndGet() == parties) {
                group.all().complete(null);
            }
            return group;
        }

        static String met(Group group, int parties) {
            return group.all().isDone() ? "met " + parties + " of " + parties : "only " + group.arrived().get() + " of " + parties + " at once";
        }

        @Override
        public String name() {
            return "meeting";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            int parties = arguments.path("parties").asInt();
            Group group = arrive(arguments);
            return Uni.createFrom().completionStage(group.all())
                    .ifNoItem().after(MEETING_WAIT).recoverWithItem((Void) null)
                    .map(ignored -> met(group, parties));
        }
    }

    /** As {@link Meeting}, blocking its thread while it waits; declares it, so each call runs on a worker of its own. */
    @ApplicationScoped
    public static class BlockingMeeting extends Base {
        @Override
        public String name() {
            return "blocking_meeting";
        }

        @Override
        public boolean blocking() {
            return true;
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            int parties = arguments.path("parties").asInt();
            Meeting.Group group = Meeting.arrive(arguments);
            try {
                group.all().get(MEETING_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // reported below as not met
            }
            return Uni.createFrom().item(Meeting.met(group, parties) + " on " + (io.vertx.core.Context.isOnEventLoopThread() ? "event loop" : "worker"));
        }
    }

    /** How long a meeting waits for the others: far longer than starting a batch takes, and under the 30 s call timeout. */
    static final Duration MEETING_WAIT = Duration.ofSeconds(20);

    /** Never answers; its timeout is set low in the test configuration. */
    @ApplicationScoped
    public static class Hanging extends Base {
        @Override
        public String name() {
            return "hanging";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().nothing();
        }
    }

    /** Forces Structured content even for a small output. */
    @ApplicationScoped
    public static class Structured extends Base {
        @Override
        public String name() {
            return "structured";
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            return Uni.createFrom().item("{\"k\":1}");
        }

        @Override
        public Uni<ToolOutput> call(JsonNode arguments) {
            return Uni.createFrom().item(new ToolOutput.Stored(null, new Content.Structured(schema("{\"k\":[1,2,3]}"))));
        }
    }

    /** A tool as the providers' documentation shows it, with a schema that OpenAI's strict mode takes as it is. */
    @ApplicationScoped
    public static class GetWeather extends Base {
        @Override
        public String name() {
            return "get_weather";
        }

        @Override
        public String description() {
            return "Get the current weather in a given location";
        }

        @Override
        public JsonNode parameters() {
            return schema("""
                    {"type":"object","properties":{
                       "location":{"type":"string","description":"The city and country, e.g. Paris, France"},
                       "unit":{"type":["string","null"],"enum":["celsius","fahrenheit",null]}},
                     "required":["location","unit"],"additionalProperties":false}""");
        }

        @Override
        public Uni<String> execute(JsonNode arguments) {
            String unit = arguments.path("unit").asText("celsius");
            return Uni.createFrom().item("{\"location\":" + arguments.get("location") + ",\"temperature\":"
                    + (unit.equals("fahrenheit") ? 57 : 14) + ",\"unit\":\"" + unit + "\",\"conditions\":\"light rain\"}");
        }
    }
}
