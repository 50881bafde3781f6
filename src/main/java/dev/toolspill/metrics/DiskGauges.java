package dev.toolspill.metrics;

import dev.toolspill.config.ToolspillConfig;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.File;
import java.nio.file.Path;

/**
 * Free and total bytes of the volumes this replica writes to, for the "disk nearly full" alert
 * (deploy/monitoring/toolspill-rules.yaml): {@code toolspill_disk_free_bytes{volume}} and
 * {@code toolspill_disk_total_bytes{volume}}, with {@code volume="store"} for the fs store's root (only with
 * {@code toolspill.blob-store.type=fs}) and {@code volume="spool"} for the outage spool. Read when scraped (one
 * statfs call each); a folder that does not exist (yet) reads 0 total, which the alert ignores.
 */
@Startup // published from the first scrape on
@ApplicationScoped
public class DiskGauges {

    public DiskGauges(MeterRegistry registry, ToolspillConfig config) {
        if (config.blobStore().type() == ToolspillConfig.StoreType.fs) {
            register(registry, "store", config.blobStore().fs().root());
        }
        register(registry, "spool", config.spool().dir());
    }

    private static void register(MeterRegistry registry, String volume, Path dir) {
        File folder = dir.toAbsolutePath().toFile();
        Gauge.builder("toolspill.disk.free.bytes", folder, File::getUsableSpace).strongReference(true)
                .description("Bytes this process may still write on the volume").tag("volume", volume).register(registry);
        Gauge.builder("toolspill.disk.total.bytes", folder, File::getTotalSpace).strongReference(true)
                .description("Size of the volume").tag("volume", volume).register(registry);
    }
}
