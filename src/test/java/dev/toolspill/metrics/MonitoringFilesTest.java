package dev.toolspill.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolspill.api.TightBudgetsProfile;
import dev.toolspill.blob.BlobStore;
import dev.toolspill.blob.spool.SpoolingBlobStore;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The monitoring files under deploy/monitoring/ ask only for metrics the service exports: after a small workload
 * (a small and a big upload, an inspect, an upload refused at its budget, a tool call while the store is away, an
 * MCP upstream that cannot be reached), every metric named in an alert's expression or a dashboard query appears in
 * /q/metrics. The one exception is named here: readiness as the kubelet sees it, from kube-state-metrics.
 */
@QuarkusTest
@TestProfile(TightBudgetsProfile.class) // with the budget, spool, retention and tracing tests: one application
class MonitoringFilesTest {

    static final Path MONITORING = Path.of("deploy/monitoring");
    /** Series the rules read from Kubernetes, not from Toolspill. */
    static final Set<String> FROM_KUBERNETES = Set.of("kube_pod_status_ready");
    /** PromQL words that are not metric names: functions, aggregations, operators, modifiers. */
    private static final Set<String> PROMQL = Set.of("sum", "min", "max", "avg", "count", "rate", "irate", "increase",
            "deriv", "changes", "histogram_quantile", "by", "without", "and", "or", "unless", "on", "ignoring",
            "group_left", "group_right", "bool", "offset", "label_values", "predict_linear", "clamp_min");
    private static final Pattern STRINGS = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern LABELS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGES = Pattern.compile("\\[[^]]*]");
    private static final Pattern GROUPING = Pattern.compile("\\b(by|without|on|ignoring)\\s*\\([^)]*\\)");
    /** Grafana's label_values(metric, label): only the first argument is a metric. */
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([^,)]+)(,[^)]*)?\\)");
    private static final Pattern WORD = Pattern.compile("\\$?[a-zA-Z_:][a-zA-Z0-9_:]*");

    @TestHTTPResource(value = "/metrics", management = true)
    URL metricsUrl;

    @Inject
    BlobStore store;

    @Test
    void everyMetricInTheRulesAndTheDashboardIsExported() throws IOException {
        workload();
        String scrape = given().when().get(metricsUrl).then().statusCode(200).extract().asString();
        Set<String> exported = exported(scrape);
        // the refusal alert selects uploads by this uri label: a refused upload carries it too
        assertTrue(scrape.lines().anyMatch(line -> line.startsWith("http_server_requests_seconds_count{")
                && line.contains("status=\"413\"") && line.contains("uri=\"/v1/tool-outputs\"")), "no 413 of /v1/tool-outputs in\n" + scrape);

        List<String> expressions = new ArrayList<>(ruleExpressions());
        expressions.addAll(dashboardQueries());
        assertTrue(expressions.size() >= 20, "read " + expressions.size() + " expressions");
        Set<String> named = new TreeSet<>();
        expressions.forEach(expression -> named.addAll(metricNames(expression)));
        named.removeAll(FROM_KUBERNETES);
        assertTrue(named.contains("toolspill_disk_free_bytes") && named.contains("http_server_requests_seconds_count"), named.toString());

        Set<String> missing = new TreeSet<>(named);
        missing.removeAll(exported);
        assertEquals(Set.of(), missing, "named in deploy/monitoring/ but not in /q/metrics after the workload");
        FROM_KUBERNETES.forEach(name -> assertFalse(exported.contains(name), name + " is Kubernetes', not ours"));
    }

    @Test
    void metricNamesAreFoundInPromQl() {
        assertEquals(Set.of("a_total", "b_count"), metricNames(
                "sum by (namespace, le) (rate(a_total{status=~\"5..\", uri=\"/v1/x y\"}[5m])) / on(pod) b_count > 0.1 and bool"));
        assertEquals(Set.of("c"), metricNames("histogram_quantile(0.99, sum by (le) (rate(c[$__rate_interval])))"));
        assertEquals(Set.of("d"), metricNames("label_values(d, namespace)"));
    }

    /** Small and big uploads, an inspect, an upload past the budget, a store call that fails. */
    private void workload() throws IOException {
        given().contentType(ContentType.TEXT).body("small").when().post("/v1/tool-outputs?tool=mon").then().statusCode(200);
        String blob = given().contentType(ContentType.TEXT).body("line\n".repeat(600)).when().post("/v1/tool-outputs?tool=mon")
                .then().statusCode(200).extract().path("blob.id");
        given().when().get("/v1/blobs/" + blob + "/inspect?selector=lines:2-3").then().statusCode(200);
        given().contentType(ContentType.TEXT).body("z".repeat(TightBudgetsProfile.MAX_UPLOAD + 1)).when()
                .post("/v1/tool-outputs?tool=mon").then().statusCode(413);
        // the store's folder replaced by a file: every write fails, the output is spooled and the error counted
        TightBudgetsProfile.breakStore();
        Response call;
        int drained;
        try {
            call = given().contentType(ContentType.JSON)
                    .body("{\"calls\":[{\"id\":\"1\",\"name\":\"echo\",\"arguments\":{\"text\":\"0123456789\",\"times\":500}}]}")
                    .when().post("/v1/tool-calls");
        } finally {
            // the store back, and the spool handed to it: the spool tests of this application start from an empty one
            TightBudgetsProfile.mendStore();
            drained = ((SpoolingBlobStore) store).drainNow().await().atMost(Duration.ofSeconds(30));
        }
        call.then().statusCode(200).body("results[0].disposition", equalTo("spooled"));
        assertEquals(1, drained, "the spooled output uploaded when the store came back");
    }

    static List<String> ruleExpressions() throws IOException {
        JsonNode rules = new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(MONITORING.resolve("toolspill-rules.yaml").toFile());
        List<String> expressions = new ArrayList<>();
        rules.path("groups").forEach(group -> group.path("rules").forEach(rule -> expressions.add(rule.path("expr").asText())));
        return expressions;
    }

    static List<String> dashboardQueries() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(MONITORING.resolve("toolspill-dashboard.json").toFile());
        List<String> queries = new ArrayList<>();
        dashboard.path("panels").forEach(panel -> panel.path("targets").forEach(target -> queries.add(target.path("expr").asText())));
        dashboard.path("templating").path("list").forEach(variable -> {
            if (variable.path("query").has("query")) {
                queries.add(variable.path("query").path("query").asText());
            }
        });
        return queries;
    }

    /** The metric names of one PromQL expression: what is left once strings, matchers, ranges, groupings, numbers and PromQL's own words are gone. */
    static Set<String> metricNames(String expression) {
        String bare = LABEL_VALUES.matcher(expression).replaceAll("($1)");
        bare = STRINGS.matcher(bare).replaceAll(" ");
        bare = LABELS.matcher(bare).replaceAll(" ");
        bare = RANGES.matcher(bare).replaceAll(" ");
        bare = GROUPING.matcher(bare).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher word = WORD.matcher(bare);
        while (word.find()) {
            String name = word.group();
            if (!name.startsWith("$") && !PROMQL.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** Metric names in a Prometheus text exposition: the first word of every sample line. */
    static Set<String> exported(String scrape) {
        Set<String> names = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }
}
