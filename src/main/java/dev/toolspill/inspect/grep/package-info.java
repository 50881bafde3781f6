/**
 * The grep engine: which units of a blob's bytes (text lines, or the entries of a JSON array) match a pattern, in one
 * pass with bounded memory. Its API is small: {@link dev.toolspill.inspect.grep.UnitMatcher#of} makes the matcher for a
 * pattern (literal text searched as bytes, or a regular expression matched by RE2/J in time linear in the input),
 * {@link dev.toolspill.inspect.grep.GrepScan} frames and tests the units of a byte stream fed chunk by chunk, and hands
 * them to a {@link dev.toolspill.inspect.grep.UnitSink} (the page of an answer) until it is decided. It knows nothing
 * of selectors, stores or answers: {@code inspect} parses {@code grep:}, reads the blob and renders the page.
 */
package dev.toolspill.inspect.grep;
