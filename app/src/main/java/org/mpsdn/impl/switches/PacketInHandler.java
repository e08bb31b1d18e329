package org.mpsdn.impl.switches;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.impl.flow.TierRules;
import org.onlab.packet.Ethernet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The packets punted from the AP switches' two ports (ONOS packet-in thread). Every one is fed raw
 * to the multipath-user detection, even when another processor handled it first ({@code fwd} uses the
 * same director priority, and equal priorities keep activation order: {@code PacketManager.addProcessor}).
 * Unless handled, the first packet of an IPv4 TCP/UDP flow gets its flow a Tier-1 per-flow rule (at
 * most once per {@link #REINSTALL_HOLDOFF_MS} per flow). It is not sent on: it is a copy, and the switch
 * forwarded the packet itself ({@link TierRules#fixedRules}), so the flow's packets keep their order while
 * its rule is installed. Any other frame (ARP, punted at priority 40000 by the host provider of
 * {@code org.onosproject.openflow}: {@code HostLocationProvider.requestIntercepts}) is bridged to the other
 * port as the base rule would.
 */
public final class PacketInHandler implements PacketProcessor {
    /** A punted packet of a flow re-applies its rule at most this often. */
    public static final long REINSTALL_HOLDOFF_MS = 1000;

    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final ApDirectory aps;
    private final PuntSink detection;
    private final IntSupplier idleTimeoutSec;
    private final LongSupplier clock;
    private final BooleanSupplier stopping;
    private final Map<String, Long> recentlyInstalled = new ConcurrentHashMap<>();
    private final AtomicLong malformedPackets = new AtomicLong();

    /**
     * Creates the handler.
     *
     * @param appId           the app's id
     * @param flowRuleService flow rule service
     * @param aps             the AP directory
     * @param detection       the multipath-user detection of the AP's domain owner (a {@code PuntRelay})
     * @param idleTimeoutSec  idle timeout of per-flow rules in force
     * @param clock           wall clock in milliseconds
     * @param stopping        true once the app is being deactivated (no more rules)
     */
    public PacketInHandler(ApplicationId appId, FlowRuleService flowRuleService, ApDirectory aps,
                           PuntSink detection, IntSupplier idleTimeoutSec, LongSupplier clock,
                           BooleanSupplier stopping) {
        this.appId = appId;
        this.flowRuleService = flowRuleService;
        this.aps = aps;
        this.detection = detection;
        this.idleTimeoutSec = idleTimeoutSec;
        this.clock = clock;
        this.stopping = stopping;
    }

    @Override
    public void process(PacketContext context) {
        if (stopping.getAsBoolean()) {
            return;
        }
        InboundPacket pkt = context.inPacket();
        ApSpec ap = aps.byDevice(pkt.receivedFrom().deviceId());
        if (ap == null) {
            return;
        }
        Optional<Direction> dir = TierRules.directionOf(ap, pkt.receivedFrom().port());
        if (dir.isEmpty()) {
            return;
        }
        long now = clock.getAsLong();
        byte[] frame = bytes(pkt.unparsed());
        if (frame != null) {
            // before the handled check: another director at the same priority (fwd) may have sent the SYN
            detection.punted(ap, frame, now);
        }
        if (context.isHandled()) {
            return;
        }
        Optional<FlowMatch> match = FlowMatch.fromPacket(pkt.parsed());
        if (match.isEmpty()) {
            malformedPackets.incrementAndGet();
            if (TierRules.bridgedAndCopied(pkt.parsed())) {
                context.block(); // a copy the switch forwarded (a fragment, a cut header): never sent twice
            } else if (!isLinkDiscovery(pkt.parsed())) {
                // ARP and other frames another app punts (the host provider's ARP punt at priority
                // 40000 shadows the base bridge rule): bridged as the base rule would
                forward(context, ap, dir.get());
            }
            return;
        }
        String key = ap.id() + "|" + match.get();
        Long last = recentlyInstalled.get(key);
        if (last == null || now - last >= REINSTALL_HOLDOFF_MS) {
            recentlyInstalled.put(key, now);
            flowRuleService.applyFlowRules(TierRules.flowRule(appId, ap, dir.get(), match.get(), Tier.TIER1,
                    idleTimeoutSec.getAsInt()));
        }
        // a copy (the bridge-and-copy rule forwarded the packet): sending it too would duplicate it
        context.block();
    }

    private static void forward(PacketContext context, ApSpec ap, Direction dir) {
        context.treatmentBuilder().setOutput(ap.outPort(dir));
        context.send();
    }

    /** LLDP and BDDP stay link-local: the link provider handles them, the app never bridges them. */
    private static boolean isLinkDiscovery(Ethernet eth) {
        return eth != null && (eth.getEtherType() == Ethernet.TYPE_LLDP || eth.getEtherType() == Ethernet.TYPE_BSN);
    }

    /**
     * Forgets the hold-off of flows installed long enough ago (called once per cycle).
     *
     * @param nowMillis current time
     */
    public void prune(long nowMillis) {
        long horizon = nowMillis - 2L * REINSTALL_HOLDOFF_MS;
        recentlyInstalled.values().removeIf(t -> t < horizon);
    }

    /**
     * Number of punted packets that could not be parsed as IPv4 TCP/UDP.
     *
     * @return count
     */
    public long malformedPackets() {
        return malformedPackets.get();
    }

    private static byte[] bytes(ByteBuffer buffer) {
        if (buffer == null) {
            return null;
        }
        ByteBuffer b = buffer.duplicate();
        b.rewind();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }
}
