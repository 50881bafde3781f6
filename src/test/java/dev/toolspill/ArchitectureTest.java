package dev.toolspill;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The architecture of src/docs/architecture.md, as rules: packages by feature, arrows pointing down only. A rule that
 * fails here names the class and the dependency that broke it.
 */
@ParallelSafe
class ArchitectureTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.toolspill");
    }

    /**
     * The diagram of src/docs/architecture.md ("Dependencies") is the rule: a package may use the rows below its own,
     * never a row above or a package beside it in its row. Read from the doc, so the two cannot drift.
     */
    @Test
    void everyArrowPointsDownTheDiagramOfTheArchitectureDoc() throws java.io.IOException {
        java.util.Map<String, Integer> rows = DocumentedLayers.read(java.nio.file.Path.of("src/docs/architecture.md"));
        java.util.Set<String> broken = new java.util.TreeSet<>();
        for (com.tngtech.archunit.core.domain.JavaClass type : main) {
            String from = DocumentedLayers.topPackage(type.getPackageName());
            for (com.tngtech.archunit.core.domain.Dependency dependency : type.getDirectDependenciesFromSelf()) {
                String to = DocumentedLayers.topPackage(dependency.getTargetClass().getPackageName());
                if (from == null || to == null || from.equals(to)) {
                    continue;
                }
                Integer fromRow = rows.get(from);
                Integer toRow = rows.get(to);
                if (fromRow == null || toRow == null) {
                    broken.add("package " + (fromRow == null ? from : to) + " is not in the diagram");
                } else if (toRow <= fromRow) {
                    broken.add(from + " -> " + to + " (" + type.getSimpleName() + " uses " + dependency.getTargetClass().getSimpleName() + ")");
                }
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(broken.isEmpty(), () -> "against the diagram of src/docs/architecture.md:\n" + String.join("\n", broken));
    }

    /** Every package, sub-packages included, has its row in the doc's table, and every row names a package. */
    @Test
    void everyPackageHasItsRowInTheArchitectureDoc() throws java.io.IOException {
        java.util.Set<String> packages = new java.util.TreeSet<>();
        for (com.tngtech.archunit.core.domain.JavaClass type : main) {
            String name = type.getPackageName();
            if (name.startsWith("dev.toolspill.")) {
                packages.add(name.substring("dev.toolspill.".length()).replace('.', '/'));
            }
        }
        org.junit.jupiter.api.Assertions.assertEquals(packages, DocumentedLayers.tableRows(java.nio.file.Path.of("src/docs/architecture.md")),
                "the packages of src/main against the rows of src/docs/architecture.md's table");
    }

    @Test
    void packagesFormNoCycles() {
        slices().matching("dev.toolspill.(*)..").should().beFreeOfCycles().check(main);
    }

    /**
     * Sub-packages count: a package and its own sub-packages never import each other both ways ({@code storage/}
     * puts the stores of {@code blob}'s sub-packages in place; {@code tool}'s registry finds the tools of
     * {@code tool.remote} and {@code tool.mcp} as {@code ToolSource} beans).
     */
    @Test
    void packagesAndTheirSubPackagesFormNoCycles() {
        slices().matching("dev.toolspill.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void callersStoreThroughTheStoreAndNeverNameTheSpool() {
        noClasses().that().resideOutsideOfPackages("dev.toolspill.blob..", "dev.toolspill.storage..")
                .should().dependOnClassesThat().resideInAPackage("dev.toolspill.blob.spool..")
                .as("callers ask the store to keep an output (BlobStore.keep); the spool behind it is the store's business, and only storage puts it in place")
                .check(main);
        noClasses().that().resideOutsideOfPackages("dev.toolspill.blob..", "dev.toolspill.storage..", "dev.toolspill.health..")
                .should().dependOnClassesThat().haveFullyQualifiedName("dev.toolspill.blob.Outage")
                .as("what this replica knows of an outage (blob.Outage) is reported by health alone; nobody else decides by it")
                .check(main);
    }

    @Test
    void onlyStorageKnowsTheBackends() {
        noClasses().that().resideOutsideOfPackages("dev.toolspill.blob..", "dev.toolspill.storage..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.toolspill.blob.fs..", "dev.toolspill.blob.s3..")
                .as("callers outside blob use BlobStore, Leases, Journal and WriteProbe; only storage chooses and builds the backends")
                .check(main);
    }

    @Test
    void theBlobStoreKnowsBytesNotContent() {
        noClasses().that().resideInAPackage("dev.toolspill.blob..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.toolspill.output..", "dev.toolspill.scan..",
                        "dev.toolspill.inspect..", "dev.toolspill.history..", "dev.toolspill.pipeline..", "dev.toolspill.ingest..",
                        "dev.toolspill.api..", "dev.toolspill.tool..", "dev.toolspill.limit..")
                .check(main);
    }

    @Test
    void onlyTheFilesystemStoreWritesFiles() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.blob.fs..")
                .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                                com.tngtech.archunit.base.DescribedPredicate.describe("java.nio.file.Files",
                                        owner -> owner.isEquivalentTo(java.nio.file.Files.class))))
                        .and(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                                com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching(
                                        "write.*|newOutputStream|newBufferedWriter|move|copy|delete.*|create.*"))))
                .as("only blob.fs writes files through java.nio.file")
                .check(main);
    }

    @Test
    void onlyTheS3StoreUsesTheAwsSdk() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.blob.s3..")
                .should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..")
                .check(main);
    }

    @Test
    void theLimitIsPureAndDependsOnlyOnTextHelpers() {
        classes().that().resideInAPackage("dev.toolspill.limit..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("dev.toolspill.limit..", "dev.toolspill.text..", "java..")
                .check(main);
    }

    @Test
    void onlyTheApiUsesJaxRs() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.api..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta.ws.rs..", "org.jboss.resteasy.reactive..")
                .check(main);
    }

    @Test
    void scanningKnowsNothingOfSummariesHistoryOrRequests() {
        noClasses().that().resideInAnyPackage("dev.toolspill.scan..", "dev.toolspill.text..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.toolspill.output..", "dev.toolspill.inspect..",
                        "dev.toolspill.history..", "dev.toolspill.pipeline..", "dev.toolspill.ingest..", "dev.toolspill.api..",
                        "dev.toolspill.tool..", "dev.toolspill.limit..")
                .check(main);
    }

    /** The arrows inside {@code inspect}, as its row of src/docs/architecture.md says them: the parts are used from above only. */
    @Test
    void inspectsPartsAreUsedFromAboveOnly() {
        String top = "dev.toolspill.inspect";
        noClasses().that().resideInAnyPackage(top + ".read..", top + ".render..", top + ".walk..", top + ".selector..", top + ".grep..")
                .should().dependOnClassesThat().resideInAPackage(top).check(main);
        noClasses().that().resideInAnyPackage(top + ".render..")
                .should().dependOnClassesThat().resideInAnyPackage(top + ".read..").check(main);
        noClasses().that().resideInAnyPackage(top + ".walk..")
                .should().dependOnClassesThat().resideInAnyPackage(top + ".read..", top + ".render..", top + ".grep..").check(main);
        noClasses().that().resideInAnyPackage(top + ".selector..", top + ".grep..")
                .should().dependOnClassesThat().resideInAnyPackage(top + ".read..", top + ".render..", top + ".walk..").check(main);
        noClasses().that().resideInAnyPackage(top + ".selector..")
                .should().dependOnClassesThat().resideInAnyPackage(top + ".grep..").check(main);
        noClasses().that().resideInAnyPackage(top + ".grep..")
                .should().dependOnClassesThat().resideInAnyPackage(top + ".selector..").check(main);
    }

    @Test
    void toolsAreAnSpiThatKnowsNoCaller() {
        noClasses().that().resideInAPackage("dev.toolspill.tool..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.toolspill.inspect..", "dev.toolspill.pipeline..",
                        "dev.toolspill.history..", "dev.toolspill.ingest..", "dev.toolspill.api..", "dev.toolspill.blob..")
                .check(main);
    }

    @Test
    void apiKeysKnowOnlyTheirConfiguration() {
        classes().that().resideInAPackage("dev.toolspill.auth..")
                .should().onlyDependOnClassesThat(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage("dev.toolspill..")
                        .or(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage("dev.toolspill.auth..", "dev.toolspill.config..")))
                .check(main);
    }

    @Test
    void tenantsKnowOnlyTheirConfiguration() {
        classes().that().resideInAPackage("dev.toolspill.tenant..")
                .should().onlyDependOnClassesThat(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage("dev.toolspill..")
                        .or(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage("dev.toolspill.tenant..", "dev.toolspill.config..")))
                .check(main);
    }

    @Test
    void theMcpAdapterIsALeafThatNothingUses() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.mcp..")
                .should().dependOnClassesThat().resideInAPackage("dev.toolspill.mcp..")
                .check(main);
    }

    @Test
    void onlyTheMcpAdapterKnowsTheMcpServer() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.mcp..")
                .should().dependOnClassesThat().resideInAPackage("io.quarkiverse.mcp..")
                .check(main);
    }

    @Test
    void onlyTelemetryKnowsMicrometerAndOpenTelemetry() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.metrics..")
                .should().dependOnClassesThat().resideInAnyPackage("io.micrometer..", "io.opentelemetry..")
                .as("business code reports through metrics.Telemetry, never to a metrics or tracing library")
                .check(main);
    }

    @Test
    void telemetryKnowsOnlyItsConfiguration() {
        classes().that().resideInAPackage("dev.toolspill.metrics..")
                .should().onlyDependOnClassesThat(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage("dev.toolspill..")
                        .or(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage("dev.toolspill.metrics..", "dev.toolspill.config..")))
                .as("metrics is a leaf every layer may report to, so it depends on none of them")
                .check(main);
    }

    @Test
    void onlyTheUpstreamMcpClientKnowsTheMcpSdk() {
        noClasses().that().resideOutsideOfPackage("dev.toolspill.tool.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("io.modelcontextprotocol..", "reactor..")
                .check(main);
    }

    @Test
    void noThreadPoolsOfOurOwn() {
        ArchRule rule = noClasses().should().callMethod(java.util.concurrent.Executors.class, "newCachedThreadPool")
                .orShould().callMethod(java.util.concurrent.Executors.class, "newFixedThreadPool", int.class)
                .orShould().callConstructor(java.util.concurrent.ThreadPoolExecutor.class, int.class, int.class, long.class,
                        java.util.concurrent.TimeUnit.class, java.util.concurrent.BlockingQueue.class)
                .orShould().callConstructor(Thread.class, Runnable.class, String.class)
                .as("no thread pool or thread that Quarkus does not manage");
        rule.check(main);
    }

    @Test
    void requestPathsNeverWaitOnAReactiveResult() {
        noClasses().should().callMethod(io.smallrye.mutiny.groups.UniAwait.class, "indefinitely")
                .orShould().callMethod(io.smallrye.mutiny.groups.UniAwait.class, "atMost", java.time.Duration.class)
                .orShould().callMethod(io.smallrye.mutiny.groups.UniAwaitOptional.class, "indefinitely")
                .as("no .await() in src/main: request paths stay reactive")
                .check(main);
    }

    @Test
    void noSourceFileIsOverThreeHundredLines() throws java.io.IOException {
        try (var files = java.nio.file.Files.walk(java.nio.file.Path.of("src/main/java"))) {
            var tooLong = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> lines(file) > 300)
                    .map(file -> file + " (" + lines(file) + " lines)")
                    .toList();
            org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), tooLong, "split classes that do more than one job");
        }
    }

    private static long lines(java.nio.file.Path file) {
        try {
            return java.nio.file.Files.readAllLines(file).size();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
