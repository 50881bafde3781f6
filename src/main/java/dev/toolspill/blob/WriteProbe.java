package dev.toolspill.blob;

import java.util.Optional;

/**
 * Whether this process can write its store, for readiness: empty when it can; otherwise what is wrong and how to fix
 * it (the folder, the user id, the setting). Only a store whose writes fail by the deployment's fault has one (the
 * filesystem store: a volume of another user, a full disk); an outage of a shared store is the spool's, not this.
 * Blocking: asked on a worker thread.
 */
@FunctionalInterface
public interface WriteProbe {

    /** For a store with nothing to probe. */
    WriteProbe NONE = Optional::empty;

    Optional<String> problem();
}
