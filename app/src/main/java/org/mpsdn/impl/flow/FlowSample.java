package org.mpsdn.impl.flow;

import org.mpsdn.api.model.Direction;
import org.onlab.packet.Ip4Address;

import java.util.Objects;

/**
 * One per-flow rule's statistics in one cycle: the flow, its counters and its rate.
 */
public final class FlowSample {
    private final String apId;
    private final PerFlowRule rule;
    private final long bytes;
    private final long packets;
    private final double rateBps;

    /**
     * Creates a sample.
     *
     * @param apId    AP whose switch holds the rule
     * @param rule    the per-flow rule
     * @param bytes   its byte counter
     * @param packets its packet counter
     * @param rateBps its rate in bit/s
     */
    public FlowSample(String apId, PerFlowRule rule, long bytes, long packets, double rateBps) {
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
     * The UE side's address: the destination of a downlink flow, the source of an uplink flow.
     *
     * @return the UE's address
     */
    public Ip4Address ueAddress() {
        FlowMatch m = rule.match();
        return rule.direction() == Direction.DOWNLINK ? m.dst() : m.src();
    }
}
