package dev.toolspill.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.nio.file.Path;
import java.util.Map;

/** Every {@code toolspill.*} key, with the default that works out of the box. */
@ConfigMapping(prefix = "toolspill")
public interface ToolspillConfig {

    BlobStore blobStore();

    Limits limits();

    Output output();

    Ingest ingest();

    interface BlobStore {
        /** Where stored outputs live: {@code fs}, or {@code none} (everything stays inline). */
        @WithDefault("fs")
        StoreType type();

        Fs fs();

        interface Fs {
            /** Root folder of the filesystem store; blobs go to {@code <root>/blobs/}. */
            @WithDefault("./data")
            Path root();
        }
    }

    enum StoreType { fs, none }

    interface Limits {
        /** Byte cap on what one result may put into history, for every tool without an override. */
        @WithName("default")
        @WithDefault("16384")
        int defaultLimit();

        /** Per-tool overrides, keyed by tool name: {@code toolspill.limits.tools."my-tool"=4096}. */
        Map<String, Integer> tools();
    }

    interface Output {
        /** Outputs of at most this many UTF-8 bytes stay inline. */
        @WithDefault("800")
        int inlineMaxBytes();

        /** Byte cap of a stored output's summary. */
        @WithDefault("400")
        int summaryMaxBytes();

        /** Lines of a text blob shown at the start of its summary. */
        @WithDefault("5")
        int headLines();

        /** Lines of a text blob shown at the end of its summary. */
        @WithDefault("3")
        int tailLines();
    }

    interface Ingest {
        /** Largest body {@code POST /v1/tool-outputs} accepts, in bytes. */
        @WithDefault("67108864")
        long maxBytes();
    }
}
