package dev.toolspill;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class of plain objects (no Quarkus application; on the run's S3 server, {@code OnTheRunsS3}), whose rounds
 * cost CPU or wait on servers of its own: surefire runs it beside the application tests, which run one at a time and
 * leave about a third of two cores idle while they wait on HTTP and timers (pom.xml, surefire's JUnit configuration:
 * two threads in all). Its methods are concurrent too (JUnit gives them their class's mode), so they share nothing
 * but what is opened once for the class. Never on a {@code @QuarkusTest}: Quarkus runs one application at a time
 * ({@code @Isolated} is no way out either: JUnit runs such classes last, after their application has stopped).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Execution(ExecutionMode.CONCURRENT)
public @interface ParallelSafe {
}
