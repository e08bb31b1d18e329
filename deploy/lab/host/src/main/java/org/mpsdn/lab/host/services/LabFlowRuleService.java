package org.mpsdn.lab.host.services;

import com.google.common.collect.ImmutableList;
import org.mpsdn.lab.host.openflow.OfChannel;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.projectfloodlight.openflow.protocol.OFFlowRemoved;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * In-memory flow rule store that programs rules on the switches through the OpenFlow southbound
 * (FLOW_MOD with cookie = flow id) and keeps byte/packet counters from periodic flow statistics.
 * With {@link SouthboundTiming#onosSemantics()} the store, the batches and the statistics follow
 * ONOS 2.7.0 ({@link OnosFlowBatches}, {@link OnosFlowStats}); otherwise the lab's fast behaviour:
 * stages sent in order and confirmed at once, MODIFY sent as ADD, idle timeouts on the switch, a rule
 * dropped when the switch removes it.
 */
public final class LabFlowRuleService extends FlowRuleServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(LabFlowRuleService.class);

    private final SwitchDirectory switches;
    private final SouthboundTiming timing;
    private final Map<Long, DefaultFlowEntry> entries = new ConcurrentHashMap<>();
    private final List<FlowRuleListener> listeners = new CopyOnWriteArrayList<>();
    private final OnosFlowBatches batches;
    private final OnosFlowStats stats;

    /**
     * Creates the service with ONOS 2.7.0 timing.
     *
     * @param switches connection lookup
     */
    public LabFlowRuleService(SwitchDirectory switches) {
        this(switches, SouthboundTiming.onos(0), System::currentTimeMillis);
    }

    /**
     * Creates the service.
     *
     * @param switches connection lookup
     * @param timing   ONOS or fast semantics
     * @param clock    wall clock in milliseconds (soft timeouts)
     */
    public LabFlowRuleService(SwitchDirectory switches, SouthboundTiming timing, LongSupplier clock) {
        this.switches = switches;
        this.timing = timing;
        this.batches = new OnosFlowBatches(this, timing.shuffleSeed());
        this.stats = new OnosFlowStats(this, clock);
    }

    @Override
    public int getFlowRuleCount() {
        return entries.size();
    }

    @Override
    public FlowEntry getFlowEntry(FlowRule rule) {
        return entries.get(rule.id().value());
    }

    @Override
    public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return entries.values().stream().filter(e -> e.deviceId().equals(deviceId))
                .collect(Collectors.toList());
    }

    @Override
    public Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        return entries.values().stream().filter(e -> e.appId() == id.id()).collect(Collectors.toList());
    }

    @Override
    public void applyFlowRules(FlowRule... rules) {
        // as FlowRuleManager.applyFlowRules (core/net/.../FlowRuleManager.java:312-320): one stage of ADDs
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        for (FlowRule r : rules) {
            ops.add(r);
        }
        apply(ops.build());
    }

    @Override
    public void removeFlowRules(FlowRule... rules) {
        // as FlowRuleManager.removeFlowRules (FlowRuleManager.java:339-347): one stage of REMOVEs
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        for (FlowRule r : rules) {
            ops.remove(r);
        }
        apply(ops.build());
    }

    @Override
    public void removeFlowRulesById(ApplicationId id) {
        List<FlowEntry> mine = ImmutableList.copyOf(getFlowEntriesById(id));
        removeFlowRules(mine.toArray(new FlowRule[0]));
    }

    @Override
    public void purgeFlowRules(DeviceId deviceId) {
        entries.values().removeIf(e -> e.deviceId().equals(deviceId));
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        if (timing.onosSemantics()) {
            batches.apply(ops);
            return;
        }
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                debug(op);
                if (op.type() == FlowRuleOperation.Type.REMOVE) {
                    removeNow(op.rule());
                } else {
                    DefaultFlowEntry e = new DefaultFlowEntry(op.rule(), FlowEntry.FlowEntryState.PENDING_ADD);
                    entries.put(op.rule().id().value(), e);
                    install(e);
                }
            }
        }
        if (ops.callback() != null) {
            ops.callback().onSuccess(ops);
        }
    }

    @Override
    public void addListener(FlowRuleListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(FlowRuleListener listener) {
        listeners.remove(listener);
    }

    /**
     * Installs every stored rule of a device that just (re)connected (its switch was wiped); rules being
     * removed are dropped from the store instead.
     *
     * @param deviceId device
     */
    public void deviceReady(DeviceId deviceId) {
        for (DefaultFlowEntry e : List.copyOf(entries.values())) {
            if (!e.deviceId().equals(deviceId)) {
                continue;
            }
            if (e.state() == FlowEntry.FlowEntryState.PENDING_REMOVE) {
                dropEntry(e);
            } else {
                e.setState(FlowEntry.FlowEntryState.PENDING_ADD);
                install(e);
            }
        }
    }

    /**
     * Updates the store from a flow statistics reply of one device.
     *
     * @param deviceId device
     * @param reply    flow stats entries
     */
    public void updateStats(DeviceId deviceId, List<OFFlowStatsEntry> reply) {
        if (timing.onosSemantics()) {
            stats.push(deviceId, reply);
            return;
        }
        for (OFFlowStatsEntry s : reply) {
            DefaultFlowEntry e = entries.get(s.getCookie().getValue());
            if (e != null && e.deviceId().equals(deviceId)) {
                post(OnosFlowStats.updateCounters(e, s));
            }
        }
    }

    /**
     * Handles FLOW_REMOVED from a switch. ONOS timing: re-installs a rule the store still wants, drops one
     * being removed ({@link OnosFlowStats#flowRemoved}); fast timing: drops the rule.
     *
     * @param deviceId device
     * @param msg      flow removed message
     */
    public void flowRemoved(DeviceId deviceId, OFFlowRemoved msg) {
        DefaultFlowEntry e = entries.get(msg.getCookie().getValue());
        if (e == null || !e.deviceId().equals(deviceId)) {
            return;
        }
        if (timing.onosSemantics()) {
            stats.flowRemoved(e, msg);
            return;
        }
        e.setBytes(msg.getByteCount().getValue());
        e.setPackets(msg.getPacketCount().getValue());
        dropEntry(e);
    }

    /**
     * Handles an OpenFlow ERROR: if it answers a flow batch in flight, that batch fails.
     *
     * @param deviceId the switch that sent the error
     * @param xid      the transaction id the error answers
     * @return true if the error belonged to a flow batch
     */
    public boolean error(DeviceId deviceId, long xid) {
        return batches.error(deviceId, xid);
    }

    // ---------------------------------------------------------------- for the ONOS emulation

    // one line per flow operation sent (debug level: lets an experiment follow each rule's changes)
    static void debug(FlowRuleOperation op) {
        if (LOG.isDebugEnabled()) {
            FlowRule r = op.rule();
            LOG.debug("{} {} on {} (priority {}, table {}) {}: {}", op.type(), Long.toHexString(r.id().value()),
                      r.deviceId(), r.priority(), r.tableId(), r.selector().criteria(), r.treatment());
        }
    }

    Map<Long, DefaultFlowEntry> entries() {
        return entries;
    }

    OfChannel connection(DeviceId deviceId) {
        return switches.connection(deviceId);
    }

    // sends the FLOW_MOD ADD of a rule now, as the provider's applyFlowRule (no barrier)
    void install(FlowRule r) {
        OfChannel c = switches.connection(r.deviceId());
        if (c == null) {
            return;
        }
        try {
            c.send(OfTranslator.flowAdd(c.factory(), r, !timing.onosSemantics()));
        } catch (IllegalArgumentException ex) {
            LOG.warn("rule {} not installed: {}", r.id(), ex.getMessage());
            entries.remove(r.id().value());
        }
    }

    // a fresh entry replaced the rule's stored one
    void stored(long id) {
        stats.stored(id);
    }

    // removes an entry from the store and posts RULE_REMOVED
    void dropEntry(DefaultFlowEntry e) {
        if (entries.remove(e.id().value(), e)) {
            stats.forget(e.id().value());
            post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, e));
        }
    }

    void post(FlowRuleEvent ev) {
        if (ev == null) {
            return;
        }
        for (FlowRuleListener l : listeners) {
            try {
                l.event(ev);
            } catch (RuntimeException ex) {
                LOG.warn("flow listener failed: {}", ex.toString());
            }
        }
    }

    private void removeNow(FlowRule r) {
        OfChannel c = switches.connection(r.deviceId());
        if (c != null) {
            c.send(OfTranslator.flowDelete(c.factory(), r));
        }
        DefaultFlowEntry e = entries.get(r.id().value());
        if (e != null) {
            dropEntry(e);
        }
    }
}
