package dev.toolspill.metrics;

import java.net.URL;
import java.util.Map;

import static io.restassured.RestAssured.given;

/** One reading of /q/metrics in the Prometheus text format. */
public record Scrape(String text) {

    public static Scrape now(URL metricsUrl) {
        return new Scrape(given().when().get(metricsUrl).then().statusCode(200).extract().asString());
    }

    /** How much the sum of the series of {@code name} whose labels include {@code labels} grew since {@code before}. */
    public double delta(Scrape before, String name, Map<String, String> labels) {
        return value(name, labels) - before.value(name, labels);
    }

    public double total(String name) {
        return value(name, Map.of());
    }

    public double value(String name, Map<String, String> labels) {
        double sum = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || !(line.startsWith(name + "{") || line.startsWith(name + " "))) {
                continue;
            }
            // name{labels} value [timestamp]: the value is the first field after the series
            int end = line.indexOf('{') == name.length() ? line.indexOf("} ") + 1 : name.length();
            String series = line.substring(0, end);
            boolean matches = labels.entrySet().stream()
                    .allMatch(label -> series.contains(label.getKey() + "=\"" + label.getValue() + "\""));
            if (matches) {
                sum += Double.parseDouble(line.substring(end).strip().split(" ")[0]);
            }
        }
        return sum;
    }
}
