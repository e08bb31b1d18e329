package org.mpsdn.impl.util;

import org.onlab.util.Tools;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one reader of component properties (ONOS hands them as strings, read with
 * {@link Tools#get}). An absent or blank property keeps the value in force; an invalid one
 * also keeps it and is recorded as {@code "name: reason"} in {@link #errors()}, so a caller
 * can apply the valid ones or reject the whole change, as it documents.
 */
public final class PropertyReader {
    private final Dictionary<?, ?> props;
    private final List<String> errors = new ArrayList<>();

    /**
     * Creates a reader.
     *
     * @param props component properties, may be null (then every value is kept)
     */
    public PropertyReader(Dictionary<?, ?> props) {
        this.props = props;
    }

    private String raw(String name) {
        if (props == null) {
            return null;
        }
        String s = Tools.get(props, name);
        if (s == null) {
            return null;
        }
        s = s.trim();
        return s.isEmpty() ? null : s;
    }

    /**
     * Reads a string.
     *
     * @param name    property name
     * @param current value in force
     * @return the new value
     */
    public String string(String name, String current) {
        String s = raw(name);
        return s == null ? current : s;
    }

    /**
     * Reads one of a fixed set of words.
     *
     * @param name    property name
     * @param current value in force
     * @param allowed accepted values
     * @return the new value
     */
    public String choice(String name, String current, Set<String> allowed) {
        String s = raw(name);
        if (s == null) {
            return current;
        }
        if (!allowed.contains(s)) {
            errors.add(name + ": must be one of " + new TreeSet<>(allowed) + ", was '" + s + "'");
            return current;
        }
        return s;
    }

    /**
     * Reads an integer in [min, max].
     *
     * @param name    property name
     * @param current value in force
     * @param min     smallest accepted value
     * @param max     largest accepted value
     * @return the new value
     */
    public int integer(String name, int current, int min, int max) {
        return number(name, current, Integer::valueOf, "an integer",
                v -> v >= min && v <= max, "[" + min + ", " + max + "]");
    }

    /**
     * Reads a number in an interval whose ends may be open.
     *
     * @param name         property name
     * @param current      value in force
     * @param min          lower end
     * @param minInclusive whether {@code min} itself is accepted
     * @param max          upper end
     * @param maxInclusive whether {@code max} itself is accepted
     * @return the new value
     */
    public double decimal(String name, double current, double min, boolean minInclusive,
                          double max, boolean maxInclusive) {
        return number(name, current, Double::valueOf, "a number",
                v -> !Double.isNaN(v) && (minInclusive ? v >= min : v > min) && (maxInclusive ? v <= max : v < max),
                (minInclusive ? "[" : "(") + min + ", " + max + (maxInclusive ? "]" : ")"));
    }

    private <T> T number(String name, T current, Function<String, T> parse, String what,
                         Predicate<T> inRange, String range) {
        String s = raw(name);
        if (s == null) {
            return current;
        }
        T v;
        try {
            v = parse.apply(s);
        } catch (NumberFormatException e) {
            errors.add(name + ": not " + what + ": '" + s + "'");
            return current;
        }
        if (!inRange.test(v)) {
            errors.add(name + ": must be in " + range + ", was " + v);
            return current;
        }
        return v;
    }

    /**
     * Reads {@code true} or {@code false} (any case).
     *
     * @param name    property name
     * @param current value in force
     * @return the new value
     */
    public boolean bool(String name, boolean current) {
        String s = raw(name);
        if (s == null) {
            return current;
        }
        if ("true".equalsIgnoreCase(s)) {
            return true;
        }
        if ("false".equalsIgnoreCase(s)) {
            return false;
        }
        errors.add(name + ": must be true or false, was '" + s + "'");
        return current;
    }

    /**
     * Reads an endpoint.
     *
     * @param name    property name
     * @param current value in force, may be null
     * @return the new value
     */
    public HostPort hostPort(String name, HostPort current) {
        String s = raw(name);
        if (s == null) {
            return current;
        }
        try {
            return HostPort.parse(s);
        } catch (IllegalArgumentException e) {
            errors.add(name + ": " + e.getMessage());
            return current;
        }
    }

    /** @return {@code "name: reason"} for each rejected value, in reading order */
    public List<String> errors() {
        return Collections.unmodifiableList(errors);
    }

    /** @return whether any value was rejected */
    public boolean hasErrors() {
        return !errors.isEmpty();
    }
}
