package org.mpsdn.core.model;

import org.mpsdn.api.model.Direction;

import java.util.Objects;

/**
 * A flow (or MPTCP subflow) observed by the SDN switch in front of an AP: its 5-tuple,
 * direction, byte and packet counters and the connection (UE, AP) it travels over.
 *
 * <p>{@code ackStream} marks the pure-acknowledgement direction of a TCP flow whose data
 * goes the other way (e.g. the uplink ACKs of a download). When both directions are
 * regulated such a flow is always Tier 1 (MP-SDN Section V-C): dropping ACKs would throttle
 * the data direction. The caller decides it (for example from the byte counters of the two
 * directions or from the switch rule that matched); it has no effect on non-TCP flows.</p>
 *
 * <p>{@code rateBps}, when the caller measured it, is the flow's rate over the last interval; the
 * {@link org.mpsdn.core.Profile#MPSDN mpsdn} profile sums it over the Tier-2 flows of an AP and
 * direction to validate the Tier-2 limit. The paper's Algorithm 2 does not read it.</p>
 */
public final class Flow {
    private final FlowKey key;
    private final Protocol protocol;
    private final Direction direction;
    private final String ueId;
    private final String apId;
    private final long bytes;
    private final long packets;
    private final boolean ackStream;
    private final long rateBps;

    /**
     * Creates a flow without a measured rate.
     *
     * @param key       5-tuple
     * @param direction downlink (to the UE) or uplink (from the UE)
     * @param ueId      identifier of the UE of the connection the flow travels over
     * @param apId      identifier of the AP of that connection
     * @param bytes     byte counter, &ge; 0
     * @param packets   packet counter, &ge; 0
     * @param ackStream whether this is the ACK direction of a TCP flow (see the class comment)
     * @throws IllegalArgumentException on a null key/direction, blank id or negative counter
     */
    public Flow(FlowKey key, Direction direction, String ueId, String apId, long bytes, long packets,
                boolean ackStream) {
        this(key, direction, ueId, apId, bytes, packets, ackStream, -1L);
    }

    /**
     * Creates a flow.
     *
     * @param key       5-tuple
     * @param direction downlink (to the UE) or uplink (from the UE)
     * @param ueId      identifier of the UE of the connection the flow travels over
     * @param apId      identifier of the AP of that connection
     * @param bytes     byte counter, &ge; 0
     * @param packets   packet counter, &ge; 0
     * @param ackStream whether this is the ACK direction of a TCP flow (see the class comment)
     * @param rateBps   rate over the last interval, bit/s, &ge; 0; or -1 when not measured
     * @throws IllegalArgumentException on a null key/direction, blank id, negative counter or a rate below -1
     */
    public Flow(FlowKey key, Direction direction, String ueId, String apId, long bytes, long packets,
                boolean ackStream, long rateBps) {
        this.key = Checks.nonNull("key", key);
        this.protocol = key.protocol();
        this.direction = Checks.nonNull("direction", direction);
        this.ueId = Checks.id("ueId", ueId);
        this.apId = Checks.id("apId", apId);
        this.bytes = Checks.inRange("bytes", bytes, 0, Long.MAX_VALUE);
        this.packets = Checks.inRange("packets", packets, 0, Long.MAX_VALUE);
        this.ackStream = ackStream;
        this.rateBps = Checks.inRange("rateBps", rateBps, -1, Long.MAX_VALUE);
    }

    /** @return 5-tuple */
    public FlowKey key() {
        return key;
    }

    /** @return transport protocol class, from the key */
    public Protocol protocol() {
        return protocol;
    }

    /** @return direction */
    public Direction direction() {
        return direction;
    }

    /** @return identifier of the connection's UE */
    public String ueId() {
        return ueId;
    }

    /** @return identifier of the connection's AP */
    public String apId() {
        return apId;
    }

    /** @return byte counter */
    public long bytes() {
        return bytes;
    }

    /** @return packet counter */
    public long packets() {
        return packets;
    }

    /** @return whether this is the ACK direction of a TCP flow */
    public boolean ackStream() {
        return ackStream;
    }

    /** @return rate over the last interval in bit/s, or -1 when not measured */
    public long rateBps() {
        return rateBps;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Flow)) {
            return false;
        }
        Flow that = (Flow) o;
        return bytes == that.bytes && packets == that.packets && ackStream == that.ackStream
                && rateBps == that.rateBps
                && key.equals(that.key) && direction == that.direction && ueId.equals(that.ueId)
                && apId.equals(that.apId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, direction, ueId, apId, bytes, packets, ackStream, rateBps);
    }

    @Override
    public String toString() {
        return "Flow{" + key + ", " + direction + ", " + ueId + "@" + apId + ", " + bytes + " B"
                + (ackStream ? ", ack" : "") + "}";
    }
}
