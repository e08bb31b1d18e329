package org.mpsdn.cli;

import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.codec.JsonFields;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses the arguments of {@code mpsdn-intent-add steering} into a steering rule, with the
 * field names of the REST API in every error:
 * <pre>
 * steering &lt;ue|*&gt; active_standby &lt;activeAp&gt; -p &lt;precedence&gt;
 * steering &lt;ue|*&gt; load_balancing autonomous | &lt;ap&gt;=&lt;percent&gt;... -p &lt;precedence&gt;
 * steering &lt;ue|*&gt; smallest_delay [rttHysteresisMs] -p &lt;precedence&gt;
 * steering &lt;ue|*&gt; priority_based -p &lt;precedence&gt;
 *     [-t protocol=tcp,dstPrefix=10.77.0.0/24,dstPorts=443-8443,dscp=46]
 * </pre>
 * The mode may also be its TS 29.244 code (0-3).
 */
final class SteeringArgs {
    private static final Map<String, Integer> PROTOCOLS = Map.of("tcp", TrafficDescriptor.TCP,
            "udp", TrafficDescriptor.UDP, "icmp", 1);

    private SteeringArgs() {
    }

    /**
     * Builds the rule.
     *
     * @param args       mode, then the mode's values
     * @param precedence the -p option, may be null
     * @param traffic    the -t option, may be null
     * @return the rule
     */
    static SteeringRule parse(List<String> args, String precedence, String traffic) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException(SteeringRule.PREFIX + "mode: is mandatory (active_standby, "
                    + "smallest_delay, load_balancing, priority_based or 0-3)");
        }
        SteeringRule.Builder b = SteeringRule.builder().mode(mode(args.get(0)));
        if (precedence != null) {
            b.precedence(integer("precedence", precedence));
        }
        List<String> values = args.subList(1, args.size());
        switch (mode(args.get(0))) {
            case ACTIVE_STANDBY:
                if (!values.isEmpty()) {
                    b.activeAp(values.get(0));
                }
                break;
            case LOAD_BALANCING:
                for (String v : values) {
                    if ("autonomous".equalsIgnoreCase(v)) {
                        b.autonomous(true);
                    } else {
                        String[] kv = pair(v, SteeringRule.PREFIX + "shares");
                        b.share(kv[0], integer(SteeringRule.PREFIX + "shares." + kv[0], kv[1]));
                    }
                }
                break;
            case SMALLEST_DELAY:
                if (!values.isEmpty()) {
                    b.rttHysteresisMs(integer(SteeringRule.PREFIX + "rttHysteresisMs", values.get(0)));
                }
                break;
            default:
                break;
        }
        if (traffic != null) {
            b.trafficDescriptor(descriptor(traffic));
        }
        return b.build();
    }

    private static SteeringMode mode(String text) {
        if (text.matches("\\d+")) {
            return SteeringMode.ofCode(SteeringRule.PREFIX + "modeCode", Long.parseLong(text));
        }
        return JsonFields.enumValue(SteeringRule.PREFIX + "mode", text, SteeringMode.class);
    }

    private static TrafficDescriptor descriptor(String text) {
        TrafficDescriptor.Builder t = TrafficDescriptor.builder();
        for (String item : text.split(",", -1)) {
            String[] kv = pair(item.trim(), "trafficDescriptor");
            String field = TrafficDescriptor.PREFIX + kv[0];
            switch (kv[0]) {
                case "protocol":
                    Integer p = PROTOCOLS.get(kv[1].toLowerCase(Locale.ROOT));
                    t.protocol(p != null ? p : integer(field, kv[1]));
                    break;
                case "dstPrefix":
                    t.dstPrefix(kv[1]);
                    break;
                case "dstPorts":
                    String[] range = kv[1].split("-", -1);
                    if (range.length > 2) {
                        throw new IllegalArgumentException(field + ": must be a port or a range low-high, was '"
                                + kv[1] + "'");
                    }
                    t.dstPorts(integer(field, range[0]), integer(field, range[range.length - 1]));
                    break;
                case "dscp":
                    t.dscp(integer(field, kv[1]));
                    break;
                default:
                    throw new IllegalArgumentException(field + ": unknown field (allowed: protocol, dstPrefix, "
                            + "dstPorts, dscp)");
            }
        }
        return t.build();
    }

    private static int integer(String field, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + ": must be an integer, was '" + v + "'", e);
        }
    }

    private static String[] pair(String s, String field) {
        int eq = s.indexOf('=');
        if (eq <= 0 || eq == s.length() - 1) {
            throw new IllegalArgumentException(field + ": expected name=value, was '" + s + "'");
        }
        return new String[]{s.substring(0, eq), s.substring(eq + 1)};
    }
}
