package dev.toolspill.blob.fs;

import java.io.IOException;
import java.nio.channels.FileChannel;

/** An open blob file and its size, taken once so that every chunk agrees on where the blob ends. */
record OpenFile(FileChannel channel, long size) {
    void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was written through this channel, so nothing can be lost by failing to close it
        }
    }
}
