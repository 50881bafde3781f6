package dev.toolspill.http;

import dev.toolspill.ParallelSafe;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The route table is the one place that orders the edge's Vert.x routes, and it reads in the order they run. */
@ParallelSafe
class RouteOrderTest {

    private static final Pattern ORDER_CALL = Pattern.compile("\\.order\\(([^)]*\\)?)\\)");

    @Test
    void theTableListsTheRoutesInTheOrderTheyRunEachInAPlaceOfItsOwn() {
        int[] orders = Arrays.stream(RouteOrder.values()).mapToInt(RouteOrder::order).toArray();
        int[] sorted = orders.clone();
        Arrays.sort(sorted);
        assertTrue(Arrays.equals(sorted, orders), "RouteOrder's constants are not in the order of their values: " + Arrays.toString(orders));
        assertEquals(orders.length, Arrays.stream(orders).distinct().count(), "two routes share a place, so the router "
                + "runs them in the order they were installed: " + Arrays.toString(orders));
    }

    @Test
    void everyRouteTakesItsPlaceFromTheTable() throws IOException {
        List<String> own = new ArrayList<>();
        int fromTable = 0;
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher call = ORDER_CALL.matcher(Files.readString(source));
                while (call.find()) {
                    if (call.group(1).matches("RouteOrder\\.[A-Z_]+\\.order\\(\\)")) {
                        fromTable++;
                    } else {
                        own.add(source.getFileName() + ": .order(" + call.group(1) + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), own, "routes ordered outside RouteOrder");
        assertTrue(fromTable >= RouteOrder.values().length, "each constant is used: " + fromTable + " uses");
    }
}
