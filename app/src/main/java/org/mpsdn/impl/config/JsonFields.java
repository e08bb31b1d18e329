package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.impl.util.HostPort;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.InvalidFieldException;

import java.net.URI;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Readers of one typed field of a network-config object. Each throws
 * {@link InvalidFieldException} naming the field's JSON path ({@code path.field}) and the reason.
 */
final class JsonFields {
    private static final Pattern ID_PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private JsonFields() {
    }

    static String text(ObjectNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new InvalidFieldException(path + "." + field, "is mandatory");
        }
        if (!v.isTextual()) {
            throw new InvalidFieldException(path + "." + field, "must be a string");
        }
        return v.asText();
    }

    static String id(ObjectNode node, String field, String path) {
        String id = text(node, field, path);
        if (!ID_PATTERN.matcher(id).matches()) {
            throw new InvalidFieldException(path + "." + field,
                    "must be 1-64 characters of letters, digits, '.', '_' or '-', was '" + id + "'");
        }
        return id;
    }

    static long integer(ObjectNode node, String field, String path, long min, long max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new InvalidFieldException(path + "." + field, "is mandatory");
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new InvalidFieldException(path + "." + field, "must be an integer");
        }
        long l = v.asLong();
        if (l < min || l > max) {
            throw new InvalidFieldException(path + "." + field, "must be in [" + min + ", " + max + "], was " + l);
        }
        return l;
    }

    static OptionalDouble optionalDecimal(ObjectNode node, String field, String path,
                                          double min, boolean minInclusive, double max, boolean maxInclusive) {
        JsonNode v = node.get(field);
        if (v == null) {
            return OptionalDouble.empty();
        }
        if (!v.isNumber()) {
            throw new InvalidFieldException(path + "." + field, "must be a number");
        }
        double d = v.asDouble();
        boolean lowOk = minInclusive ? d >= min : d > min;
        boolean highOk = maxInclusive ? d <= max : d < max;
        if (!lowOk || !highOk || Double.isNaN(d)) {
            throw new InvalidFieldException(path + "." + field, "must be in " + (minInclusive ? "[" : "(") + min
                    + ", " + max + (maxInclusive ? "]" : ")") + ", was " + d);
        }
        return OptionalDouble.of(d);
    }

    static DeviceId deviceId(ObjectNode node, String field, String path) {
        String s = text(node, field, path);
        try {
            URI uri = URI.create(s);
            if (uri.getScheme() == null || uri.getSchemeSpecificPart() == null
                    || uri.getSchemeSpecificPart().isEmpty()) {
                throw new InvalidFieldException(path + "." + field,
                        "must be a device URI such as of:0000000000000001, was '" + s + "'");
            }
            return DeviceId.deviceId(uri);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(path + "." + field, "is not a valid device URI: '" + s + "'");
        }
    }

    static HostPort endpoint(ObjectNode node, String field, String path) {
        String s = text(node, field, path);
        try {
            return HostPort.parse(s);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(path + "." + field, e.getMessage());
        }
    }

    static IpAddress ipAddress(ObjectNode node, String field, String path) {
        return parsed(node, field, path, IpAddress::valueOf, "an IP address");
    }

    static MacAddress macAddress(ObjectNode node, String field, String path) {
        return parsed(node, field, path, MacAddress::valueOf, "a MAC address");
    }

    /** A text field read by a parser that throws {@link IllegalArgumentException} on bad input. */
    private static <T> T parsed(ObjectNode node, String field, String path, Function<String, T> parser,
                                String what) {
        String s = text(node, field, path);
        try {
            return parser.apply(s);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(path + "." + field, "is not " + what + ": '" + s + "'");
        }
    }
}
