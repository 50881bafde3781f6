package dev.toolspill.config;

/**
 * What start-up says of a {@code toolspill.*} value past its bound: the Hibernate Validator constraints of the config
 * mapping use these messages, and SmallRye Config puts the key in front, so the line names the key, the value and
 * what would work. Bounds that tie two keys together are {@code @AssertTrue} methods of the mapping beside those keys
 * (a ledger batch within what may wait, a JWT issuer with its key, the sweep's age past the stall timeout, summary
 * lines within the summary); the memory budgets against the heap are {@link MemoryBudgets}, checked once the JVM runs.
 */
public final class Bounds {

    public static final String AT_LEAST = "must be at least {value} (was ${validatedValue})";
    public static final String AT_MOST = "must be at most {value} (was ${validatedValue})";
    public static final String LONGER_THAN_0 = "must be longer than 0, e.g. 30s (was ${validatedValue})";
    public static final String AT_LEAST_1MS = "must be at least 1ms (was ${validatedValue})";
    public static final String SHARE = "is not a fraction of the upload slots: set it above 0 and at most 1, 1 turns the share off"
            + " (was ${validatedValue})";
    /** Summarizer.MIN_BYTES: the id line and a few lines of the output. */
    public static final String SUMMARY_TOO_SMALL = "is too small: a summary needs at least {value} bytes (was ${validatedValue})";

    public static final String NOT_BLANK_CLAIM = "is blank: name the claim that holds the tenant (default 'tenant') (was ${validatedValue})";

    private Bounds() {
    }
}
