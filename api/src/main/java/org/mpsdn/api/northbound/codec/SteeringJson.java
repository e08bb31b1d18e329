package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * JSON of a steering intent's rule, read and written by {@link MpsdnIntentCodec}. The rule is
 * three fields of the intent:
 * <pre>
 * "precedence": 10,
 * "trafficDescriptor": {"protocol": "TCP", "dstPrefix": "10.77.0.0/24", "dstPorts": "5201-5210", "dscp": 46},
 * "steering": {"mode": "LOAD_BALANCING", "modeCode": 2, "shares": {"wifi1": 70, "lte1": 30}}
 * </pre>
 * {@code steering}: {@code mode} or {@code modeCode} (the TS 29.244 §8.2.125 value; both may
 * be given if they agree; encoded always with both), {@code activeAp}, {@code shares},
 * {@code autonomous}, {@code rttHysteresisMs}. {@code trafficDescriptor}: {@code protocol} a
 * name (TCP, UDP, ICMP) or a number, {@code dstPorts} a port or {@code "low-high"}. Errors
 * name the field: {@code precedence}, {@code steering.<field>}, {@code trafficDescriptor.<field>}.
 */
final class SteeringJson {
    static final String PRECEDENCE = "precedence";
    static final String DESCRIPTOR = "trafficDescriptor";
    static final String STEERING = "steering";
    private static final String MODE = "mode";
    private static final String MODE_CODE = "modeCode";
    private static final String ACTIVE_AP = "activeAp";
    private static final String SHARES = "shares";
    private static final String AUTONOMOUS = "autonomous";
    private static final String HYSTERESIS = "rttHysteresisMs";
    private static final String PROTOCOL = "protocol";
    private static final String DST_PREFIX = "dstPrefix";
    private static final String DST_PORTS = "dstPorts";
    private static final String DSCP = "dscp";
    private static final Set<String> STEERING_FIELDS = Set.of(MODE, MODE_CODE, ACTIVE_AP, SHARES, AUTONOMOUS,
            HYSTERESIS);
    private static final Set<String> DESCRIPTOR_FIELDS = Set.of(PROTOCOL, DST_PREFIX, DST_PORTS, DSCP);
    private static final Map<String, Integer> PROTOCOLS = Map.of("TCP", TrafficDescriptor.TCP,
            "UDP", TrafficDescriptor.UDP, "ICMP", 1);

    private SteeringJson() {
    }

    /**
     * Writes a rule's fields into an intent object.
     *
     * @param n intent object
     * @param r rule
     */
    static void encode(ObjectNode n, SteeringRule r) {
        n.put(PRECEDENCE, r.precedence());
        TrafficDescriptor t = r.trafficDescriptor();
        if (t != null) {
            ObjectNode d = n.putObject(DESCRIPTOR);
            if (t.protocol() != TrafficDescriptor.ANY) {
                String name = PROTOCOLS.entrySet().stream().filter(e -> e.getValue() == t.protocol())
                        .map(Map.Entry::getKey).findFirst().orElse(null);
                if (name != null) {
                    d.put(PROTOCOL, name);
                } else {
                    d.put(PROTOCOL, t.protocol());
                }
            }
            if (t.dstPrefix() != null) {
                d.put(DST_PREFIX, t.dstPrefix());
            }
            if (t.dstPortMin() != TrafficDescriptor.ANY) {
                d.put(DST_PORTS, t.dstPortMin() == t.dstPortMax() ? String.valueOf(t.dstPortMin())
                        : t.dstPortMin() + "-" + t.dstPortMax());
            }
            if (t.dscp() != TrafficDescriptor.ANY) {
                d.put(DSCP, t.dscp());
            }
        }
        ObjectNode s = n.putObject(STEERING);
        s.put(MODE, r.mode().name());
        s.put(MODE_CODE, r.mode().code());
        if (r.activeAp() != null) {
            s.put(ACTIVE_AP, r.activeAp());
        }
        if (!r.shares().isEmpty()) {
            ObjectNode o = s.putObject(SHARES);
            r.shares().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> o.put(e.getKey(), e.getValue()));
        }
        if (r.autonomous()) {
            s.put(AUTONOMOUS, true);
        }
        if (r.mode() == SteeringMode.SMALLEST_DELAY) {
            s.put(HYSTERESIS, r.rttHysteresisMs());
        }
    }

    /**
     * Reads a rule from an intent object.
     *
     * @param n intent object
     * @return the rule, or null when the object has none of its fields
     */
    static SteeringRule decode(ObjectNode n) {
        JsonNode steering = n.get(STEERING);
        boolean hasSteering = steering != null && !steering.isNull();
        if (!hasSteering) {
            for (String f : new String[] {PRECEDENCE, DESCRIPTOR}) {
                JsonNode v = n.get(f);
                if (v != null && !v.isNull()) {
                    throw new IllegalArgumentException(f + ": only with a steering object (kind STEERING)");
                }
            }
            return null;
        }
        ObjectNode s = JsonFields.object(steering, STEERING);
        JsonFields.onlyFields(s, SteeringRule.PREFIX, STEERING_FIELDS);
        SteeringRule.Builder b = SteeringRule.builder().mode(mode(s));
        JsonFields.optInteger(n, "", PRECEDENCE, Integer.MIN_VALUE, Integer.MAX_VALUE)
                .ifPresent(p -> b.precedence((int) p));
        b.activeAp(JsonFields.optText(s, SteeringRule.PREFIX, ACTIVE_AP));
        JsonNode shares = s.get(SHARES);
        if (shares != null && !shares.isNull()) {
            Iterator<Map.Entry<String, JsonNode>> it = JsonFields.object(shares, SteeringRule.PREFIX + SHARES)
                    .fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                    throw new IllegalArgumentException(SteeringRule.PREFIX + SHARES + "." + e.getKey()
                            + ": must be an integer percent");
                }
                b.share(e.getKey(), v.asInt());
            }
        }
        JsonNode auto = s.get(AUTONOMOUS);
        if (auto != null && !auto.isNull()) {
            b.autonomous(JsonFields.bool(s, AUTONOMOUS));
        }
        JsonFields.optInteger(s, SteeringRule.PREFIX, HYSTERESIS, Integer.MIN_VALUE, Integer.MAX_VALUE)
                .ifPresent(h -> b.rttHysteresisMs((int) h));
        JsonNode d = n.get(DESCRIPTOR);
        if (d != null && !d.isNull()) {
            b.trafficDescriptor(descriptor(JsonFields.object(d, DESCRIPTOR)));
        }
        return b.build();
    }

    private static SteeringMode mode(ObjectNode s) {
        SteeringMode byName = JsonFields.enumValue(SteeringRule.PREFIX + MODE,
                JsonFields.optText(s, SteeringRule.PREFIX, MODE), SteeringMode.class);
        var code = JsonFields.optInteger(s, SteeringRule.PREFIX, MODE_CODE, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (code.isEmpty()) {
            return byName;
        }
        SteeringMode byCode = SteeringMode.ofCode(SteeringRule.PREFIX + MODE_CODE, code.getAsLong());
        if (byName != null && byName != byCode) {
            throw new IllegalArgumentException(SteeringRule.PREFIX + MODE_CODE + ": " + byCode.code() + " is "
                    + byCode + ", not " + byName);
        }
        return byCode;
    }

    private static TrafficDescriptor descriptor(ObjectNode d) {
        String p = TrafficDescriptor.PREFIX;
        JsonFields.onlyFields(d, p, DESCRIPTOR_FIELDS);
        TrafficDescriptor.Builder b = TrafficDescriptor.builder();
        JsonNode proto = d.get(PROTOCOL);
        if (proto != null && !proto.isNull()) {
            if (proto.isTextual()) {
                Integer number = PROTOCOLS.get(proto.asText().toUpperCase(Locale.ROOT));
                if (number == null) {
                    throw new IllegalArgumentException(p + PROTOCOL + ": must be TCP, UDP, ICMP or an IP protocol "
                            + "number, was '" + proto.asText() + "'");
                }
                b.protocol(number);
            } else {
                b.protocol((int) JsonFields.optInteger(d, p, PROTOCOL, 0, 255).getAsLong());
            }
        }
        b.dstPrefix(JsonFields.optText(d, p, DST_PREFIX));
        JsonNode ports = d.get(DST_PORTS);
        if (ports != null && !ports.isNull()) {
            int[] range = ports(ports);
            b.dstPorts(range[0], range[1]);
        }
        JsonFields.optInteger(d, p, DSCP, Integer.MIN_VALUE, Integer.MAX_VALUE).ifPresent(v -> b.dscp((int) v));
        return b.build();
    }

    private static int[] ports(JsonNode v) {
        String field = TrafficDescriptor.PREFIX + DST_PORTS;
        if (v.isIntegralNumber() && v.canConvertToInt()) {
            return new int[] {v.asInt(), v.asInt()};
        }
        if (v.isTextual()) {
            String[] parts = v.asText().trim().split("-", -1);
            try {
                if (parts.length == 1) {
                    int port = Integer.parseInt(parts[0].trim());
                    return new int[] {port, port};
                }
                if (parts.length == 2) {
                    return new int[] {Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())};
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(field + ": must be a port or a range \"low-high\", was '"
                        + v.asText() + "'", e);
            }
        }
        throw new IllegalArgumentException(field + ": must be a port or a range \"low-high\", was " + v);
    }
}
