package org.mpsdn.impl.flow;

import org.mpsdn.api.model.Direction;
import org.onlab.packet.Ip4Address;

import java.util.Objects;

/**
 * One per-flow rule's statistics in one cycle: the flow, its counters, its rate and when the rate's
 * window started.
 */
public final class FlowSample {
    /** {@link #rateSinceMillis()} of a rate whose window start is not known (counted from before the first read). */
    public static final long SINCE_UNKNOWN = Long.MIN_VALUE;
    /**
     * {@link #rateSinceMillis()} of a rate that does not describe the rule as it is: the rule was installed or
     * modified (its stored counters reset) or re-created by the switch since the rate's window started.
     */
    public static final long COUNTERS_RESET = Long.MAX_VALUE;

    private final String apId;
    private final PerFlowRule rule;
    private final long bytes;
    private final long packets;
    private final double rateBps;
    private final long rateSinceMillis;

    /**
     * Creates a sample whose rate window is not known ({@link #SINCE_UNKNOWN}).
     *
     * @param apId    AP whose switch holds the rule
     * @param rule    the per-flow rule
     * @param bytes   its byte counter
     * @param packets its packet counter
     * @param rateBps its rate in bit/s
     */
    public FlowSample(String apId, PerFlowRule rule, long bytes, long packets, double rateBps) {
        this(apId, rule, bytes, packets, rateBps, SINCE_UNKNOWN);
    }

    /**
     * Creates a sample.
     *
     * @param apId    AP whose switch holds the rule
     * @param rule    the per-flow rule
     * @param bytes   its byte counter
     * @param packets its packet counter
     * @param rateBps its rate in bit/s
     * @param rateSinceMillis no later than the wall-clock start of the rate's window, or {@link #SINCE_UNKNOWN},
     *                        {@link #COUNTERS_RESET}
     */
    public FlowSample(String apId, PerFlowRule rule, long bytes, long packets, double rateBps,
                      long rateSinceMillis) {
        this.rateSinceMillis = rateSinceMillis;
        this.apId = Objects.requireNonNull(apId);
        this.rule = Objects.requireNonNull(rule);
        this.bytes = bytes;
        this.packets = packets;
        this.rateBps = rateBps;
    }

    /** @return AP id */
    public String apId() {
        return apId;
    }

    /** @return the per-flow rule (5-tuple, direction, tier) */
    public PerFlowRule rule() {
        return rule;
    }

    /** @return byte counter */
    public long bytes() {
        return bytes;
    }

    /** @return packet counter */
    public long packets() {
        return packets;
    }

    /** @return rate in bit/s */
    public double rateBps() {
        return rateBps;
    }

    /**
     * The earliest time the rate's window can have started (the cycle reads ONOS's store, so the poll that
     * ended the window is only known to lie between two reads): what the meter in force is checked against.
     *
     * @return wall-clock milliseconds, {@link #SINCE_UNKNOWN} or {@link #COUNTERS_RESET}
     */
    public long rateSinceMillis() {
        return rateSinceMillis;
    }

    /**
     * The UE side's address: the destination of a downlink flow, the source of an uplink flow.
     *
     * @return the UE's address
     */
    public Ip4Address ueAddress() {
        FlowMatch m = rule.match();
        return rule.direction() == Direction.DOWNLINK ? m.dst() : m.src();
    }
}
