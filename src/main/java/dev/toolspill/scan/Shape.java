package dev.toolspill.scan;

import java.util.List;

/**
 * What a summary needs to know of an output, and no more: counts and the first (and last) few
 * pieces. Built from content in memory, or in one pass over a stream of any size.
 */
public sealed interface Shape {

    /** {@code head}: the first lines; {@code tail}: the last lines not already in the head. Lines have no terminator. */
    record TextShape(long lines, List<String> head, List<String> tail) implements Shape {
    }

    /**
     * {@code schema}: the first element's first keys with their types, when it is an object ({@code schemaKeys}
     * of them in all); else {@code firstType} describes it. {@code elements}: the first elements as compact
     * JSON (long ones may be cut short).
     */
    record ArrayShape(long entries, List<Field> schema, long schemaKeys, String firstType, List<String> elements) implements Shape {
    }

    /** {@code fields}: the first keys with the type and size of their values ({@code array[120]}). */
    record ObjectShape(long keys, List<Field> fields) implements Shape {
    }

    record Field(String name, String type) {
    }
}
