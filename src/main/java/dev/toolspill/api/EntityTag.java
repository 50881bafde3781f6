package dev.toolspill.api;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTTP entity tag (RFC 9110 §8.8.3) and the two comparisons that conditional requests use:
 * weak for {@code If-None-Match}, strong for {@code If-Range}.
 */
public record EntityTag(String opaque, boolean weak) {

    /** One list element: optional {@code W/}, a quoted opaque tag, then a comma or the end. */
    private static final Pattern ELEMENT = Pattern.compile("[ \\t,]*(W/)?\"([\\x21\\x23-\\x7E\\x80-\\xFF]*)\"[ \\t]*(?:,|$)");
    private static final Pattern LIST_END = Pattern.compile("[ \\t,]*");

    public EntityTag {
        if (opaque == null || opaque.indexOf('"') >= 0) {
            throw new IllegalArgumentException("an entity tag cannot be null or hold a double quote: " + opaque);
        }
    }

    public static EntityTag strong(String opaque) {
        return new EntityTag(opaque, false);
    }

    /** As sent in {@code ETag}: {@code "opaque"}, or {@code W/"opaque"} when weak. */
    @Override
    public String toString() {
        return (weak ? "W/" : "") + '"' + opaque + '"';
    }

    /**
     * Whether an {@code If-None-Match} value matches this tag: {@code *}, or a list holding a tag with the same
     * opaque part, weak or not (weak comparison). A malformed value matches nothing, so the full answer is sent.
     */
    public boolean matchesAnyOf(String ifNoneMatch) {
        if (ifNoneMatch == null) {
            return false;
        }
        if (ifNoneMatch.strip().equals("*")) {
            return true;
        }
        return parseList(ifNoneMatch).stream().anyMatch(tag -> tag.opaque.equals(opaque));
    }

    /**
     * Whether an {@code If-Range} value is this very tag by strong comparison: both strong, same opaque part.
     * A date never matches, since no {@code Last-Modified} is sent.
     */
    public boolean isStronglyMatchedBy(String ifRange) {
        List<EntityTag> tags = ifRange == null ? List.of() : parseList(ifRange);
        return tags.size() == 1 && !weak && tags.get(0).equals(this);
    }

    /** The tags of a comma-separated list; empty when the list is malformed anywhere. */
    static List<EntityTag> parseList(String header) {
        List<EntityTag> tags = new ArrayList<>();
        Matcher element = ELEMENT.matcher(header);
        int at = 0;
        while (at < header.length()) {
            element.region(at, header.length());
            if (!element.lookingAt()) {
                return LIST_END.matcher(header).region(at, header.length()).matches() ? tags : List.of();
            }
            tags.add(new EntityTag(element.group(2), element.group(1) != null));
            at = element.end();
        }
        return tags;
    }
}
