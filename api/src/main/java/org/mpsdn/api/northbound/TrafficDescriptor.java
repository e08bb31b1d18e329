package org.mpsdn.api.northbound;

import org.onlab.packet.IpAddress;
import org.onlab.packet.IpPrefix;

import java.util.Objects;

/**
 * The flows a {@link IntentKind#STEERING} intent applies to (ATSSS's traffic descriptor of an
 * ATSSS rule): IP protocol, destination prefix, destination port range and DSCP. Each field is
 * optional (absent matches every flow) but at least one is set; a steering intent without a
 * descriptor applies to all of its UE's traffic.
 * <ul>
 * <li>{@code protocol}: IANA protocol number in [0, 255] (TCP 6, UDP 17), {@link #ANY} for any;</li>
 * <li>{@code dstPrefix}: destination IPv4/IPv6 prefix ({@code 10.0.0.0/24}, or an address for
 *     one host), null for any;</li>
 * <li>{@code dstPortMin}..{@code dstPortMax}: destination port range in [0, 65535], both
 *     {@link #ANY} for any; only with protocol TCP or UDP;</li>
 * <li>{@code dscp}: DSCP in [0, 63], {@link #ANY} for any.</li>
 * </ul>
 * {@link Builder#build()} rejects bad values with an {@link IllegalArgumentException} whose
 * message starts with {@code trafficDescriptor.<field>}.
 */
public final class TrafficDescriptor {
    /** Value of a numeric field that matches anything. */
    public static final int ANY = -1;
    /** IANA protocol number of TCP. */
    public static final int TCP = 6;
    /** IANA protocol number of UDP. */
    public static final int UDP = 17;
    /** Path prefix of the fields in error messages. */
    public static final String PREFIX = "trafficDescriptor.";

    private final int protocol;
    private final IpPrefix dstPrefix;
    private final int dstPortMin;
    private final int dstPortMax;
    private final int dscp;

    private TrafficDescriptor(Builder b, IpPrefix prefix) {
        protocol = b.protocol;
        dstPrefix = prefix;
        dstPortMin = b.dstPortMin;
        dstPortMax = b.dstPortMax;
        dscp = b.dscp;
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** @return IANA protocol number, or {@link #ANY} */
    public int protocol() {
        return protocol;
    }

    /** @return destination prefix ({@code a.b.c.d/len}), or null for any */
    public String dstPrefix() {
        return dstPrefix == null ? null : dstPrefix.toString();
    }

    /** @return lowest destination port, or {@link #ANY} */
    public int dstPortMin() {
        return dstPortMin;
    }

    /** @return highest destination port, or {@link #ANY} */
    public int dstPortMax() {
        return dstPortMax;
    }

    /** @return DSCP, or {@link #ANY} */
    public int dscp() {
        return dscp;
    }

    /**
     * Whether a flow matches.
     *
     * @param proto   the flow's IP protocol number
     * @param dstIp   its destination address
     * @param dstPort its destination port ({@link #ANY} when it has none)
     * @param flowDscp its DSCP ({@link #ANY} when unknown: then a descriptor naming a DSCP does not match)
     * @return true when every set field matches
     */
    public boolean matches(int proto, String dstIp, int dstPort, int flowDscp) {
        if (protocol != ANY && protocol != proto) {
            return false;
        }
        if (dstPrefix != null && !contains(dstPrefix, dstIp)) {
            return false;
        }
        if (dstPortMin != ANY && (dstPort < dstPortMin || dstPort > dstPortMax)) {
            return false;
        }
        return dscp == ANY || dscp == flowDscp;
    }

    private static boolean contains(IpPrefix prefix, String ip) {
        try {
            return prefix.contains(IpAddress.valueOf(ip));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Whether some flow could match both descriptors (null descriptors match every flow).
     *
     * @param a a descriptor or null
     * @param b a descriptor or null
     * @return true when their flows can overlap
     */
    public static boolean overlap(TrafficDescriptor a, TrafficDescriptor b) {
        if (a == null || b == null) {
            return true;
        }
        if (a.protocol != ANY && b.protocol != ANY && a.protocol != b.protocol) {
            return false;
        }
        if (a.dscp != ANY && b.dscp != ANY && a.dscp != b.dscp) {
            return false;
        }
        if (a.dstPortMin != ANY && b.dstPortMin != ANY
                && (a.dstPortMax < b.dstPortMin || b.dstPortMax < a.dstPortMin)) {
            return false;
        }
        return a.dstPrefix == null || b.dstPrefix == null || a.dstPrefix.contains(b.dstPrefix)
                || b.dstPrefix.contains(a.dstPrefix);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TrafficDescriptor)) {
            return false;
        }
        TrafficDescriptor t = (TrafficDescriptor) o;
        return protocol == t.protocol && Objects.equals(dstPrefix, t.dstPrefix) && dstPortMin == t.dstPortMin
                && dstPortMax == t.dstPortMax && dscp == t.dscp;
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, dstPrefix, dstPortMin, dstPortMax, dscp);
    }

    @Override
    public String toString() {
        return "TrafficDescriptor{proto=" + protocol + " dst=" + dstPrefix + " ports=" + dstPortMin + "-"
                + dstPortMax + " dscp=" + dscp + "}";
    }

    /**
     * Builder of descriptors.
     */
    public static final class Builder {
        private int protocol = ANY;
        private String dstPrefix;
        private int dstPortMin = ANY;
        private int dstPortMax = ANY;
        private int dscp = ANY;

        private Builder() {
        }

        /**
         * Sets the IP protocol.
         *
         * @param v IANA number in [0, 255], {@link #ANY} for any
         * @return this builder
         */
        public Builder protocol(int v) {
            protocol = v;
            return this;
        }

        /**
         * Sets the destination prefix.
         *
         * @param v prefix or address, null for any
         * @return this builder
         */
        public Builder dstPrefix(String v) {
            dstPrefix = v;
            return this;
        }

        /**
         * Sets the destination port range.
         *
         * @param min lowest port, {@link #ANY} with max for any
         * @param max highest port
         * @return this builder
         */
        public Builder dstPorts(int min, int max) {
            dstPortMin = min;
            dstPortMax = max;
            return this;
        }

        /**
         * Sets the DSCP.
         *
         * @param v DSCP in [0, 63], {@link #ANY} for any
         * @return this builder
         */
        public Builder dscp(int v) {
            dscp = v;
            return this;
        }

        /**
         * Validates and builds the descriptor.
         *
         * @return descriptor
         * @throws IllegalArgumentException naming the first invalid field
         */
        public TrafficDescriptor build() {
            if (protocol != ANY && (protocol < 0 || protocol > 255)) {
                throw new IllegalArgumentException(PREFIX + "protocol: must be an IP protocol number in [0, 255] "
                        + "or TCP/UDP, was " + protocol);
            }
            IpPrefix prefix = null;
            if (dstPrefix != null) {
                try {
                    prefix = dstPrefix.contains("/") ? IpPrefix.valueOf(dstPrefix)
                            : IpAddress.valueOf(dstPrefix).toIpPrefix();
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(PREFIX + "dstPrefix: must be an IPv4/IPv6 prefix "
                            + "(10.0.0.0/24) or address, was '" + dstPrefix + "'", e);
                }
            }
            checkPorts();
            if (dscp != ANY && (dscp < 0 || dscp > 63)) {
                throw new IllegalArgumentException(PREFIX + "dscp: must be in [0, 63], was " + dscp);
            }
            if (protocol == ANY && prefix == null && dstPortMin == ANY && dscp == ANY) {
                throw new IllegalArgumentException("trafficDescriptor: names no field (protocol, dstPrefix, "
                        + "dstPorts, dscp); omit it to steer all traffic");
            }
            return new TrafficDescriptor(this, prefix);
        }

        private void checkPorts() {
            if (dstPortMin == ANY && dstPortMax == ANY) {
                return;
            }
            if (dstPortMin < 0 || dstPortMax > 65535 || dstPortMin > dstPortMax) {
                throw new IllegalArgumentException(PREFIX + "dstPorts: must be a port or a range low-high in "
                        + "[0, 65535] with low <= high, was " + dstPortMin + "-" + dstPortMax);
            }
            if (protocol != TCP && protocol != UDP) {
                throw new IllegalArgumentException(PREFIX + "dstPorts: only with protocol TCP or UDP");
            }
        }
    }
}
