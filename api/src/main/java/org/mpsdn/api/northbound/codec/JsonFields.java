package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Null-safe readers of JSON fields. Every failure is an {@link IllegalArgumentException}
 * whose message starts with the field's path.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /**
     * Checks that a node is a JSON object.
     *
     * @param node node, may be null
     * @param path path for the message
     * @return the object
     */
    public static ObjectNode object(JsonNode node, String path) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw new IllegalArgumentException(path + ": is mandatory");
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(path + ": must be a JSON object");
        }
        return (ObjectNode) node;
    }

    /**
     * Rejects fields other than the allowed ones.
     *
     * @param node    object
     * @param prefix  path prefix ("" or "x.")
     * @param allowed allowed field names
     */
    public static void onlyFields(ObjectNode node, String prefix, Set<String> allowed) {
        Iterator<String> it = node.fieldNames();
        while (it.hasNext()) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw new IllegalArgumentException(prefix + f + ": unknown field (allowed: " + allowed + ")");
            }
        }
    }

    private static JsonNode present(ObjectNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v;
    }

    /**
     * Reads a mandatory string.
     *
     * @param node  object
     * @param field field name (also the path in the message)
     * @return value
     */
    public static String text(ObjectNode node, String field) {
        String v = optText(node, field);
        if (v == null) {
            throw new IllegalArgumentException(field + ": is mandatory");
        }
        return v;
    }

    /**
     * Reads an optional string.
     *
     * @param node  object
     * @param field field name
     * @return value or null when absent or null
     */
    public static String optText(ObjectNode node, String field) {
        return optText(node, "", field);
    }

    /**
     * Reads an optional string of a nested object.
     *
     * @param node   object
     * @param prefix path of the object in messages ({@code "x."})
     * @param field  field name
     * @return value or null when absent or null
     */
    public static String optText(ObjectNode node, String prefix, String field) {
        JsonNode v = present(node, field);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException(prefix + field + ": must be a string");
        }
        return v.asText();
    }

    /**
     * Reads an optional number.
     *
     * @param node  object
     * @param field field name
     * @return value, empty when absent or null
     */
    public static OptionalDouble optNumber(ObjectNode node, String field) {
        return optNumber(node, "", field);
    }

    /**
     * Reads an optional number of a nested object.
     *
     * @param node   object
     * @param prefix path of the object in messages ({@code "x."})
     * @param field  field name
     * @return value, empty when absent or null
     */
    public static OptionalDouble optNumber(ObjectNode node, String prefix, String field) {
        JsonNode v = present(node, field);
        if (v == null) {
            return OptionalDouble.empty();
        }
        if (!v.isNumber()) {
            throw new IllegalArgumentException(prefix + field + ": must be a number");
        }
        double d = v.asDouble();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException(prefix + field + ": must be finite");
        }
        return OptionalDouble.of(d);
    }

    /**
     * Reads a mandatory number.
     *
     * @param node  object
     * @param field field name
     * @return value
     */
    public static double number(ObjectNode node, String field) {
        OptionalDouble v = optNumber(node, field);
        if (v.isEmpty()) {
            throw new IllegalArgumentException(field + ": is mandatory");
        }
        return v.getAsDouble();
    }

    /**
     * Reads an optional integer.
     *
     * @param node  object
     * @param field field name
     * @return value, empty when absent or null
     */
    public static OptionalLong optInteger(ObjectNode node, String field) {
        return optInteger(node, "", field, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Reads an optional integer of a nested object that must fit in [min, max].
     *
     * @param node   object
     * @param prefix path of the object in messages ({@code "x."})
     * @param field  field name
     * @param min    smallest value accepted as an integer (e.g. {@link Integer#MIN_VALUE})
     * @param max    largest value accepted as an integer (e.g. {@link Integer#MAX_VALUE})
     * @return value, empty when absent or null
     */
    public static OptionalLong optInteger(ObjectNode node, String prefix, String field, long min, long max) {
        JsonNode v = present(node, field);
        if (v == null) {
            return OptionalLong.empty();
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < min || v.asLong() > max) {
            throw new IllegalArgumentException(prefix + field + ": must be an integer");
        }
        return OptionalLong.of(v.asLong());
    }

    /**
     * Reads a mandatory integer.
     *
     * @param node  object
     * @param field field name
     * @return value
     */
    public static long integer(ObjectNode node, String field) {
        OptionalLong v = optInteger(node, field);
        if (v.isEmpty()) {
            throw new IllegalArgumentException(field + ": is mandatory");
        }
        return v.getAsLong();
    }

    /**
     * Reads a mandatory boolean.
     *
     * @param node  object
     * @param field field name
     * @return value
     */
    public static boolean bool(ObjectNode node, String field) {
        JsonNode v = present(node, field);
        if (v == null) {
            throw new IllegalArgumentException(field + ": is mandatory");
        }
        if (!v.isBoolean()) {
            throw new IllegalArgumentException(field + ": must be true or false");
        }
        return v.asBoolean();
    }

    /**
     * Parses an enum constant, case-insensitively.
     *
     * @param field field name for the message
     * @param text  text, may be null
     * @param type  enum type
     * @param <E>   enum type
     * @return constant or null when text is null
     */
    public static <E extends Enum<E>> E enumValue(String field, String text, Class<E> type) {
        if (text == null) {
            return null;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(text)) {
                return e;
            }
        }
        throw new IllegalArgumentException(field + ": must be one of " + Arrays.toString(type.getEnumConstants())
                + ", was '" + text + "'");
    }

    /**
     * Reads an optional enum field.
     *
     * @param node  object
     * @param field field name
     * @param type  enum type
     * @param <E>   enum type
     * @return constant or null when absent
     */
    public static <E extends Enum<E>> E optEnum(ObjectNode node, String field, Class<E> type) {
        return enumValue(field, optText(node, field), type);
    }

    /**
     * Lower-case JSON name of an enum constant.
     *
     * @param e constant
     * @return lower-case name
     */
    public static String key(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
