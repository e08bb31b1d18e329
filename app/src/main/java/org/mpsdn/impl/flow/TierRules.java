package org.mpsdn.impl.flow;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.impl.config.ApSpec;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IPv4;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.meter.MeterId;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Builds every rule the app installs at an AP switch. The design:
 * <ul>
 * <li>table 0, {@link #FLOW_PRIORITY}: one rule per flow (in-port + 5-tuple, idle timeout).
 *     Tier 1: output to the direction's port. Tier 2: write the direction's metadata tag and go to
 *     table 1. Changing a flow's tier re-applies the same match and priority (same flow id) with the
 *     other treatment: an in-place modify, no forwarding gap.</li>
 * <li>table 1, {@link #METER_PRIORITY}: one rule per regulated direction, matching the metadata tag,
 *     with the direction's meter and the output. All Tier-2 flows of the direction share it, so a rate
 *     step re-points exactly this one rule.</li>
 * <li>table 0, {@link #PUNT_PRIORITY}: IPv4 TCP and UDP from either port are bridged to the other port
 *     <i>and</i> copied to the controller (packets of flows without a per-flow rule, for the detection and
 *     the per-flow rule). The switch forwards them itself, so a flow's packets never split between a path
 *     through the controller and the per-flow rule installed meanwhile: that split reorders them, and Linux
 *     resets an MP_JOIN subflow whose first packet after the handshake is out of order
 *     ({@code net/mptcp/options.c} {@code check_fully_established}; issue 17, round 7).</li>
 * <li>table 0, {@link #BASE_PRIORITY}: everything else is bridged between the AP port and the
 *     uplink port, so the switch works without any other forwarding app.</li>
 * </ul>
 */
public final class TierRules {

    /** Table of the per-flow, punt and base rules. */
    public static final int FLOW_TABLE = 0;
    /** Table of the metered per-direction rules. */
    public static final int METER_TABLE = 1;
    /** Priority of per-flow rules. */
    public static final int FLOW_PRIORITY = 40000;
    /** Priority of the punt rules. */
    public static final int PUNT_PRIORITY = 20000;
    /** Priority of the base forwarding rules. */
    public static final int BASE_PRIORITY = 10000;
    /** Priority of the table-1 rules. */
    public static final int METER_PRIORITY = 1000;
    /** Metadata mask: the whole 64-bit field. */
    public static final long METADATA_MASK = 0xffffffffffffffffL;

    private TierRules() {
    }

    /**
     * Metadata tag that marks Tier-2 packets of a direction.
     *
     * @param direction direction
     * @return metadata value
     */
    public static long metadata(Direction direction) {
        return direction == Direction.DOWNLINK ? 0x1L : 0x2L;
    }

    /**
     * Direction of a packet entering an AP switch.
     *
     * @param ap     the AP
     * @param inPort port the packet came in by
     * @return downlink from the uplink port, uplink from the AP port, empty otherwise
     */
    public static Optional<Direction> directionOf(ApSpec ap, PortNumber inPort) {
        if (ap.uplinkPort().equals(inPort)) {
            return Optional.of(Direction.DOWNLINK);
        }
        if (ap.apPort().equals(inPort)) {
            return Optional.of(Direction.UPLINK);
        }
        return Optional.empty();
    }

    /**
     * The per-flow rule of a flow in a tier. Tier 2 in a direction the AP does not regulate is
     * forwarded like Tier 1 (there is no meter to pass).
     *
     * @param appId          app id
     * @param ap             the AP
     * @param direction      the flow's direction
     * @param match          the flow's 5-tuple
     * @param tier           the tier
     * @param idleTimeoutSec idle timeout in seconds
     * @return the rule
     */
    public static FlowRule flowRule(ApplicationId appId, ApSpec ap, Direction direction, FlowMatch match,
                                    Tier tier, int idleTimeoutSec) {
        TrafficSelector selector = match.addTo(DefaultTrafficSelector.builder()
                .matchInPort(ap.inPort(direction))).build();
        TrafficTreatment treatment;
        if (tier == Tier.TIER2 && ap.regulates(direction)) {
            treatment = DefaultTrafficTreatment.builder()
                    .writeMetadata(metadata(direction), METADATA_MASK)
                    .transition(METER_TABLE)
                    .build();
        } else {
            treatment = DefaultTrafficTreatment.builder().setOutput(ap.outPort(direction)).build();
        }
        return DefaultFlowRule.builder()
                .forDevice(ap.deviceId())
                .forTable(FLOW_TABLE)
                .withPriority(FLOW_PRIORITY)
                .withSelector(selector)
                .withTreatment(treatment)
                .makeTemporary(idleTimeoutSec)
                .fromApp(appId)
                .build();
    }

    /**
     * The table-1 rule of a regulated direction.
     *
     * @param appId     app id
     * @param ap        the AP
     * @param direction the direction
     * @param meter     meter to pass, or empty for an unlimited Tier 2
     * @return the rule
     */
    public static FlowRule meterRule(ApplicationId appId, ApSpec ap, Direction direction,
                                     Optional<MeterId> meter) {
        TrafficTreatment.Builder t = DefaultTrafficTreatment.builder();
        meter.ifPresent(t::meter);
        t.setOutput(ap.outPort(direction));
        return DefaultFlowRule.builder()
                .forDevice(ap.deviceId())
                .forTable(METER_TABLE)
                .withPriority(METER_PRIORITY)
                .withSelector(DefaultTrafficSelector.builder().matchMetadata(metadata(direction)).build())
                .withTreatment(t.build())
                .makePermanent()
                .fromApp(appId)
                .build();
    }

    /**
     * Whether a frame is one the bridge-and-copy rules of {@link #fixedRules} match (IPv4 TCP or UDP): the
     * switch forwarded it, and the controller holds a copy that must never be sent out again, even when it
     * cannot be parsed as a flow (a non-first fragment, a truncated header).
     *
     * @param eth a parsed frame, or null
     * @return true for IPv4 with protocol TCP or UDP
     */
    public static boolean bridgedAndCopied(Ethernet eth) {
        if (eth == null || eth.getEtherType() != Ethernet.TYPE_IPV4 || !(eth.getPayload() instanceof IPv4)) {
            return false;
        }
        byte proto = ((IPv4) eth.getPayload()).getProtocol();
        return proto == IPv4.PROTOCOL_TCP || proto == IPv4.PROTOCOL_UDP;
    }

    /**
     * The fixed rules of an AP switch: bridge-and-copy of TCP and UDP from both ports, base forwarding both
     * ways, and the table-1 rule of each regulated direction with its current meter.
     *
     * @param appId  app id
     * @param ap     the AP
     * @param meters current meter per direction (absent: unlimited)
     * @return the rules
     */
    public static List<FlowRule> fixedRules(ApplicationId appId, ApSpec ap,
                                            Function<Direction, Optional<MeterId>> meters) {
        List<FlowRule> rules = new ArrayList<>();
        for (PortNumber in : List.of(ap.apPort(), ap.uplinkPort())) {
            PortNumber out = in.equals(ap.apPort()) ? ap.uplinkPort() : ap.apPort();
            for (byte proto : new byte[]{IPv4.PROTOCOL_TCP, IPv4.PROTOCOL_UDP}) {
                rules.add(DefaultFlowRule.builder()
                        .forDevice(ap.deviceId())
                        .forTable(FLOW_TABLE)
                        .withPriority(PUNT_PRIORITY)
                        .withSelector(DefaultTrafficSelector.builder().matchInPort(in)
                                .matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol(proto).build())
                        .withTreatment(DefaultTrafficTreatment.builder().setOutput(out).punt().build())
                        .makePermanent()
                        .fromApp(appId)
                        .build());
            }
            rules.add(DefaultFlowRule.builder()
                    .forDevice(ap.deviceId())
                    .forTable(FLOW_TABLE)
                    .withPriority(BASE_PRIORITY)
                    .withSelector(DefaultTrafficSelector.builder().matchInPort(in).build())
                    .withTreatment(DefaultTrafficTreatment.builder().setOutput(out).build())
                    .makePermanent()
                    .fromApp(appId)
                    .build());
        }
        for (Direction d : Direction.values()) {
            if (ap.regulates(d)) {
                rules.add(meterRule(appId, ap, d, meters.apply(d)));
            }
        }
        return rules;
    }
}
