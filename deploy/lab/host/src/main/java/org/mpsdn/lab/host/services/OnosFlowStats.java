package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfChannel;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.projectfloodlight.openflow.protocol.OFFlowRemoved;
import org.projectfloodlight.openflow.protocol.OFFlowRemovedReason;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * What ONOS 2.7.0's {@code FlowRuleManager} does with flow statistics and FLOW_REMOVED
 * (core/net/src/main/java/org/onosproject/net/flow/impl/FlowRuleManager.java):
 * <ul>
 * <li>{@code pushFlowMetricsInternal} (:597-677): a switch flow the store holds updates its counters
 *     ({@code ECFlowRuleStore.addOrUpdateFlowRuleInternal}, :578-597: PENDING_ADD becomes ADDED with
 *     RULE_ADDED, else RULE_UPDATED) unless it is being removed or fails the liveness check, then it is
 *     removed; a switch flow the store lacks is deleted ({@code extraneousFlow}, :516-523,
 *     {@code allowExtraneousRules} false by default); a stored rule the switch lacks is re-installed or,
 *     if it was being removed, dropped ({@code flowMissing}, :476-510).</li>
 * <li>{@code checkRuleLiveness} (:546-585): {@code makeTemporary(t)} is a soft timeout: the rule goes when
 *     its counters have not changed for more than t seconds, checked at each statistics reply (every
 *     {@code flowPollFrequency} = 5 s). No idle timeout is sent to the switch.</li>
 * <li>{@code flowRemoved} (:441-473): a FLOW_REMOVED for a rule the store holds ADDED or PENDING_ADD
 *     re-installs it; for one being removed (or after a hard timeout) the rule leaves the store with
 *     RULE_REMOVED.</li>
 * </ul>
 * Not emulated: the controller-side hard-timeout check of {@code checkRuleLiveness} (the switch enforces the
 * hard timeout and its FLOW_REMOVED removes the rule) and {@code exactMatch} of the switch's treatment.
 */
final class OnosFlowStats {

    private final LabFlowRuleService service;
    private final LongSupplier clock;
    /** FlowRuleManager's {@code lastSeen}: when the rule's counters last changed. */
    private final Map<Long, Long> lastChange = new ConcurrentHashMap<>();
    /** The stored entry's {@code lastSeen()} (created or last updated by statistics), on our clock. */
    private final Map<Long, Long> storedSeen = new ConcurrentHashMap<>();

    OnosFlowStats(LabFlowRuleService service, LongSupplier clock) {
        this.service = service;
        this.clock = clock;
    }

    // copies a switch's counters into a stored entry; PENDING_ADD becomes ADDED
    static FlowRuleEvent updateCounters(DefaultFlowEntry e, OFFlowStatsEntry s) {
        boolean first = e.state() == FlowEntry.FlowEntryState.PENDING_ADD;
        e.setBytes(s.getByteCount().getValue());
        e.setPackets(s.getPacketCount().getValue());
        e.setLife(s.getDurationSec());
        e.setLastSeen();
        e.setState(FlowEntry.FlowEntryState.ADDED);
        return new FlowRuleEvent(first ? FlowRuleEvent.Type.RULE_ADDED : FlowRuleEvent.Type.RULE_UPDATED, e);
    }

    synchronized void push(DeviceId deviceId, List<OFFlowStatsEntry> reply) {
        long now = clock.getAsLong();
        Map<Long, DefaultFlowEntry> stored = new HashMap<>();
        service.entries().values().stream().filter(e -> e.deviceId().equals(deviceId))
                .forEach(e -> stored.put(e.id().value(), e));
        OfChannel c = service.connection(deviceId);
        List<FlowRule> expired = new ArrayList<>();
        for (OFFlowStatsEntry s : reply) {
            DefaultFlowEntry e = stored.remove(s.getCookie().getValue());
            if (e == null) {
                if (c != null) {
                    c.send(OfTranslator.flowDelete(c.factory(), s));
                }
            } else if (e.state() != FlowEntry.FlowEntryState.PENDING_REMOVE && live(e, s, now)) {
                storedSeen.put(e.id().value(), now);
                service.post(updateCounters(e, s));
            } else {
                expired.add(e);
            }
        }
        for (DefaultFlowEntry e : stored.values()) {
            missing(e);
        }
        if (!expired.isEmpty()) {
            service.removeFlowRules(expired.toArray(new FlowRule[0]));
        }
    }

    synchronized void flowRemoved(DefaultFlowEntry e, OFFlowRemoved msg) {
        lastChange.remove(e.id().value());
        if (msg.getReason() == OFFlowRemovedReason.HARD_TIMEOUT) {
            e.setState(FlowEntry.FlowEntryState.REMOVED);
        }
        switch (e.state()) {
            case ADDED:
            case PENDING_ADD:
                service.install(e);
                break;
            case PENDING_REMOVE:
            case REMOVED:
                service.dropEntry(e);
                break;
            default:
                break;
        }
    }

    // a rule was stored anew (its entry replaced): its lastSeen starts now
    void stored(long id) {
        storedSeen.put(id, clock.getAsLong());
    }

    void forget(long id) {
        lastChange.remove(id);
        storedSeen.remove(id);
    }

    private void missing(DefaultFlowEntry e) {
        switch (e.state()) {
            case PENDING_REMOVE:
            case REMOVED:
                service.dropEntry(e);
                break;
            case ADDED:
            case PENDING_ADD:
                // ECFlowRuleStore.pendingFlowRule (:553-565): a PENDING_ADD rule stays so, an ADDED one too
                service.post(new FlowRuleEvent(e.state() == FlowEntry.FlowEntryState.PENDING_ADD
                        ? FlowRuleEvent.Type.RULE_UPDATED : FlowRuleEvent.Type.RULE_ADD_REQUESTED, e));
                service.install(e);
                break;
            default:
                break;
        }
    }

    private boolean live(DefaultFlowEntry stored, OFFlowStatsEntry sw, long now) {
        if (stored.isPermanent()) {
            return true;
        }
        long id = stored.id().value();
        if (stored.packets() != sw.getPacketCount().getValue() || stored.bytes() != sw.getByteCount().getValue()) {
            lastChange.put(id, now);
            return true;
        }
        long last = lastChange.computeIfAbsent(id, k -> storedSeen.getOrDefault(id, now));
        return now - last <= stored.timeout() * 1000L;
    }
}
