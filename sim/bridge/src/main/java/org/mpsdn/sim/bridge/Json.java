package org.mpsdn.sim.bridge;

import com.fasterxml.jackson.databind.JsonNode;

/** Typed field access on a request object; every failure names the field and its value. */
final class Json {
    private Json() {
    }

    static JsonNode field(JsonNode j, String name, String where) {
        JsonNode v = j.get(name);
        if (v == null || v.isNull()) {
            throw new BridgeException("field '" + name + "' missing in " + where);
        }
        return v;
    }

    static String text(JsonNode j, String name, String where) {
        JsonNode v = field(j, name, where);
        if (!v.isTextual()) {
            throw new BridgeException("field '" + name + "' of " + where + " must be a string, got " + v);
        }
        return v.asText();
    }

    static long integer(JsonNode j, String name, String where) {
        JsonNode v = field(j, name, where);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new BridgeException("field '" + name + "' of " + where + " must be an integer, got " + v);
        }
        return v.asLong();
    }

    static double number(JsonNode j, String name, String where) {
        JsonNode v = field(j, name, where);
        if (!v.isNumber()) {
            throw new BridgeException("field '" + name + "' of " + where + " must be a number, got " + v);
        }
        return v.asDouble();
    }

    static boolean bool(JsonNode j, String name, String where) {
        JsonNode v = field(j, name, where);
        if (!v.isBoolean()) {
            throw new BridgeException("field '" + name + "' of " + where + " must be true or false, got " + v);
        }
        return v.asBoolean();
    }

    static JsonNode array(JsonNode j, String name, String where) {
        JsonNode v = field(j, name, where);
        if (!v.isArray()) {
            throw new BridgeException("field '" + name + "' of " + where + " must be an array, got " + v);
        }
        return v;
    }

    static <E extends Enum<E>> E enumValue(JsonNode j, String name, String where, Class<E> type) {
        String s = text(j, name, where);
        try {
            return Enum.valueOf(type, s);
        } catch (IllegalArgumentException e) {
            throw new BridgeException("field '" + name + "' of " + where + " has unknown value '" + s + "'");
        }
    }
}
