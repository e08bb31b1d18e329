package org.mpsdn.lab.host.services;

import com.google.common.collect.ImmutableList;
import org.mpsdn.lab.host.openflow.OfSwitchConnection;
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
import java.util.stream.Collectors;

/**
 * In-memory flow rule store that programs rules on the switches through the OpenFlow southbound
 * (FLOW_MOD with cookie = flow id) and keeps byte/packet counters from periodic flow statistics.
 */
public final class LabFlowRuleService extends FlowRuleServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(LabFlowRuleService.class);

    private final SwitchDirectory switches;
    private final Map<Long, DefaultFlowEntry> entries = new ConcurrentHashMap<>();
    private final List<FlowRuleListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Creates the service.
     *
     * @param switches connection lookup
     */
    public LabFlowRuleService(SwitchDirectory switches) {
        this.switches = switches;
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
        for (FlowRule r : rules) {
            DefaultFlowEntry e = new DefaultFlowEntry(r, FlowEntry.FlowEntryState.PENDING_ADD);
            entries.put(r.id().value(), e);
            install(r);
        }
    }

    @Override
    public void removeFlowRules(FlowRule... rules) {
        for (FlowRule r : rules) {
            DefaultFlowEntry e = entries.remove(r.id().value());
            OfSwitchConnection c = switches.connection(r.deviceId());
            if (c != null) {
                c.send(OfTranslator.flowDelete(c.factory(), r));
            }
            if (e != null) {
                post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, e));
            }
        }
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
        try {
            for (Set<FlowRuleOperation> stage : ops.stages()) {
                for (FlowRuleOperation op : stage) {
                    switch (op.type()) {
                        case ADD:
                        case MODIFY:
                            applyFlowRules(op.rule());
                            break;
                        case REMOVE:
                            removeFlowRules(op.rule());
                            break;
                        default:
                            throw new IllegalArgumentException("flow operation " + op.type());
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            LOG.warn("flow operations failed: {}", e.getMessage());
            if (ops.callback() != null) {
                ops.callback().onError(ops);
            }
            return;
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
     * Installs every stored rule of a device that just (re)connected.
     *
     * @param deviceId device
     */
    public void deviceReady(DeviceId deviceId) {
        entries.values().stream().filter(e -> e.deviceId().equals(deviceId)).forEach(e -> {
            e.setState(FlowEntry.FlowEntryState.PENDING_ADD);
            install(e);
        });
    }

    /**
     * Updates counters from a flow statistics reply; rules seen for the first time become ADDED.
     *
     * @param deviceId device
     * @param stats    flow stats entries
     */
    public void updateStats(DeviceId deviceId, List<OFFlowStatsEntry> stats) {
        for (OFFlowStatsEntry s : stats) {
            DefaultFlowEntry e = entries.get(s.getCookie().getValue());
            if (e == null || !e.deviceId().equals(deviceId)) {
                continue;
            }
            boolean first = e.state() != FlowEntry.FlowEntryState.ADDED;
            e.setBytes(s.getByteCount().getValue());
            e.setPackets(s.getPacketCount().getValue());
            e.setLife(s.getDurationSec());
            e.setLastSeen();
            e.setState(FlowEntry.FlowEntryState.ADDED);
            post(new FlowRuleEvent(first ? FlowRuleEvent.Type.RULE_ADDED : FlowRuleEvent.Type.RULE_UPDATED, e));
        }
    }

    /**
     * Handles FLOW_REMOVED (idle timeout or delete) by dropping the rule and posting RULE_REMOVED.
     *
     * @param deviceId device
     * @param msg      flow removed message
     */
    public void flowRemoved(DeviceId deviceId, OFFlowRemoved msg) {
        DefaultFlowEntry e = entries.get(msg.getCookie().getValue());
        if (e != null && e.deviceId().equals(deviceId)) {
            entries.remove(msg.getCookie().getValue());
            e.setBytes(msg.getByteCount().getValue());
            e.setPackets(msg.getPacketCount().getValue());
            post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, e));
        }
    }

    private void install(FlowRule r) {
        OfSwitchConnection c = switches.connection(r.deviceId());
        if (c != null) {
            try {
                c.send(OfTranslator.flowAdd(c.factory(), r));
            } catch (IllegalArgumentException ex) {
                LOG.warn("rule {} not installed: {}", r.id(), ex.getMessage());
                entries.remove(r.id().value());
            }
        }
    }

    private void post(FlowRuleEvent ev) {
        for (FlowRuleListener l : listeners) {
            try {
                l.event(ev);
            } catch (RuntimeException ex) {
                LOG.warn("flow listener failed: {}", ex.toString());
            }
        }
    }
}
