package org.mpsdn.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Flow rule service that behaves like a switch table: rules keyed by flow id (same match,
 * priority, table: same rule), MODIFY keeps counters, every operation is recorded.
 */
class FakeFlowRuleService extends FlowRuleServiceAdapter {
    final Map<FlowId, FlowEntry> table = new LinkedHashMap<>();
    final List<FlowRuleOperation> log = new ArrayList<>();
    boolean failNext;
    final List<org.onosproject.net.flow.FlowRuleListener> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public void addListener(org.onosproject.net.flow.FlowRuleListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(org.onosproject.net.flow.FlowRuleListener listener) {
        listeners.remove(listener);
    }

    /** The switch drops a rule on its idle timeout and reports it (RULE_REMOVED). */
    void expire(FlowRule rule) {
        FlowEntry e;
        synchronized (this) {
            e = table.remove(rule.id());
        }
        if (e != null) {
            org.onosproject.net.flow.FlowRuleEvent ev = new org.onosproject.net.flow.FlowRuleEvent(
                    org.onosproject.net.flow.FlowRuleEvent.Type.RULE_REMOVED, e);
            listeners.forEach(l -> l.event(ev));
        }
    }

    synchronized List<FlowRuleOperation> drainLog() {
        List<FlowRuleOperation> l = new ArrayList<>(log);
        log.clear();
        return l;
    }

    synchronized List<FlowEntry> rules(DeviceId device) {
        return table.values().stream().filter(e -> e.deviceId().equals(device)).collect(Collectors.toList());
    }

    synchronized List<FlowEntry> rules(DeviceId device, int tableId) {
        return rules(device).stream().filter(e -> e.tableId() == tableId).collect(Collectors.toList());
    }

    synchronized void setCounters(FlowRule rule, long bytes, long packets, long lifeSec) {
        table.put(rule.id(), new DefaultFlowEntry(table.get(rule.id()), FlowEntry.FlowEntryState.ADDED, lifeSec,
                packets, bytes));
    }

    private void put(FlowRule rule, boolean keepCounters) {
        FlowEntry old = table.get(rule.id());
        if (keepCounters && old != null) {
            table.put(rule.id(), new DefaultFlowEntry(rule, FlowEntry.FlowEntryState.ADDED, old.life(),
                    old.packets(), old.bytes()));
        } else {
            table.put(rule.id(), new DefaultFlowEntry(rule, FlowEntry.FlowEntryState.ADDED, 0, 0, 0));
        }
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        boolean fail;
        synchronized (this) {
            fail = failNext;
            failNext = false;
            if (!fail) {
                for (Set<FlowRuleOperation> stage : ops.stages()) {
                    for (FlowRuleOperation op : stage) {
                        log.add(op);
                        switch (op.type()) {
                            case ADD:
                                put(op.rule(), false);
                                break;
                            case MODIFY:
                                put(op.rule(), true);
                                break;
                            case REMOVE:
                                table.remove(op.rule().id());
                                break;
                            default:
                                break;
                        }
                    }
                }
            }
        }
        if (ops.callback() != null) {
            if (fail) {
                ops.callback().onError(ops);
            } else {
                ops.callback().onSuccess(ops);
            }
        }
    }

    @Override
    public synchronized void applyFlowRules(FlowRule... rules) {
        for (FlowRule r : rules) {
            log.add(new FlowRuleOperation(r, FlowRuleOperation.Type.ADD));
            put(r, false);
        }
    }

    @Override
    public synchronized void removeFlowRules(FlowRule... rules) {
        for (FlowRule r : rules) {
            log.add(new FlowRuleOperation(r, FlowRuleOperation.Type.REMOVE));
            table.remove(r.id());
        }
    }

    @Override
    public synchronized void removeFlowRulesById(ApplicationId id) {
        table.values().removeIf(e -> e.appId() == id.id());
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return rules(deviceId);
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        return table.values().stream().filter(e -> e.appId() == id.id()).collect(Collectors.toList());
    }

    @Override
    public synchronized FlowEntry getFlowEntry(FlowRule rule) {
        return table.get(rule.id());
    }

    @Override
    public synchronized int getFlowRuleCount() {
        return table.size();
    }
}
