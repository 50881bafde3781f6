package dev.toolspill.blob.s3;

import dev.toolspill.ParallelSafe;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Set;

/**
 * A test class of plain objects on a bucket of its own of the run's S3Proxy ({@link S3Bucket}): it runs beside the
 * application tests as {@link ParallelSafe} classes do, sharing the proxy with them. The one test that stops the
 * proxy ({@code S3ServiceTest}'s outage) locks it {@link ResourceAccessMode#READ_WRITE} and so waits until no such
 * class runs, and none starts before it is done. Its methods run one after another (they share its bucket, and some
 * sweep it whole).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ParallelSafe
@ResourceLock(value = OnTheRunsS3.PROXY, mode = ResourceAccessMode.READ)
@ResourceLock(providers = OnTheRunsS3.OneMethodAtATime.class)
public @interface OnTheRunsS3 {

    /** The run's S3Proxy process, as a JUnit resource. */
    String PROXY = "the run's S3Proxy";

    /** The class's own bucket, locked whole by the class: JUnit then runs its methods on one thread. */
    final class OneMethodAtATime implements ResourceLocksProvider {
        @Override
        public Set<Lock> provideForClass(Class<?> testClass) {
            return Set.of(new Lock("the bucket of " + testClass.getName()));
        }
    }
}
