package org.mpsdn.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flow.FlowRuleStoreException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * ONOS 2.7.0's flow subsystem over OpenFlow 1.3 switches, with its default timing: the flow store
 * ({@link #table}, what the app reads) and the switches' tables ({@link #switchRules}), rules keyed by
 * flow id (same match, priority, table: same rule). Every operation is recorded. What it emulates, with
 * the ONOS 2.7.0 file it follows:
 * <ul>
 * <li>ADD and MODIFY store a fresh entry: state PENDING_ADD, bytes, packets and life 0
 *     ({@code core/store/dist/.../flow/impl/ECFlowRuleStore.java:511} {@code updateStoreInternal});
 *     REMOVE drops the entry (ONOS marks it PENDING_REMOVE until the switch confirms).</li>
 * <li>The switch applies what {@code providers/openflow/flow/.../FlowModBuilderVer13.java} sends:
 *     OFPFC_ADD replaces an existing flow's instructions and restarts its duration, keeping its
 *     counters (no OFPFF_RESET_COUNTS); non-strict OFPFC_MODIFY changes the instructions and keeps
 *     counters and duration, and does nothing when the flow is absent; DELETE_STRICT removes it.</li>
 * <li>The flow mods of one batch stage reach the switch in no fixed order
 *     ({@code providers/openflow/flow/.../OpenFlowRuleProvider.java:409}, {@code executeBatch} collects them
 *     in a {@code HashSet}): shuffled with
 *     {@link #shuffle}.</li>
 * <li>Flow stats are polled every {@link #FLOW_POLL_MS} of the simulated {@link #clock}
 *     ({@code OpenFlowRuleProvider}, {@code flowPollFrequency} default 5 in its
 *     {@code OsgiPropertyConstants}): a stored entry of a flow on the switch becomes ADDED with the
 *     switch's cumulative counters and duration ({@code ECFlowRuleStore.java:578}
 *     {@code addOrUpdateFlowRuleInternal});
 *     a stored rule missing on the switch is installed again and a switch flow the store does not
 *     know is removed ({@code core/net/.../flow/impl/FlowRuleManager.java:476,516} {@code flowMissing},
 *     {@code extraneousFlow}).</li>
 * <li>{@code getFlowEntries} of a device in {@link #failingReads} throws {@link FlowRuleStoreException}
 *     ({@code core/store/dist/.../flow/impl/DeviceFlowTable.java:259}: no master for the device, e.g.
 *     during a mastership change).</li>
 * </ul>
 */
class FakeFlowRuleService extends FlowRuleServiceAdapter {
    /** Flow-stats poll period of ONOS's OpenFlow flow provider. */
    static final long FLOW_POLL_MS = 5_000;

    /** ONOS's flow store: what the app reads. */
    final Map<FlowId, FlowEntry> table = new LinkedHashMap<>();
    final List<FlowRuleOperation> log = new ArrayList<>();
    final List<FlowRuleListener> listeners = new CopyOnWriteArrayList<>();
    /** Devices whose flow entries cannot be read. */
    final Set<DeviceId> failingReads = ConcurrentHashMap.newKeySet();
    /** Order of the flow mods of a stage at the switch. */
    Random shuffle = new Random(0);
    /** Simulated time in milliseconds; null: no stats polls. */
    LongSupplier clock;
    boolean failNext;
    private final Map<FlowId, SwitchFlow> switchTable = new LinkedHashMap<>();
    private long nextPoll = -1;

    /** A flow in a switch's table: its rule, its duration's start and its cumulative counters. */
    private static final class SwitchFlow {
        FlowRule rule;
        long createdAt;
        double bytes;
        double packets;
        double bytesPerSec;
        double packetsPerSec;
        long since;

        SwitchFlow(FlowRule rule, long now) {
            this.rule = rule;
            this.createdAt = now;
            this.since = now;
        }

        void advance(long t) {
            if (t > since) {
                bytes += bytesPerSec * (t - since) / 1000.0;
                packets += packetsPerSec * (t - since) / 1000.0;
                since = t;
            }
        }
    }

    private long now() {
        return clock == null ? 0 : clock.getAsLong();
    }

    /** Runs the flow-stats polls due by the clock. */
    synchronized void catchUp() {
        if (clock == null) {
            return;
        }
        long now = clock.getAsLong();
        if (nextPoll < 0) {
            nextPoll = (now / FLOW_POLL_MS + 1) * FLOW_POLL_MS;
        }
        if (now - nextPoll > 10 * FLOW_POLL_MS) {
            nextPoll = now / FLOW_POLL_MS * FLOW_POLL_MS; // a jump of the clock: one poll at its last period
        }
        while (now >= nextPoll) {
            pollStats(nextPoll);
            nextPoll += FLOW_POLL_MS;
        }
    }

    /** One flow-stats poll of every switch at time t. */
    private void pollStats(long t) {
        for (FlowEntry stored : List.copyOf(table.values())) {
            SwitchFlow sw = switchTable.get(stored.id());
            if (sw == null) {
                switchAdd(stored, t); // flowMissing: ONOS installs it again, the entry stays PENDING_ADD
                table.put(stored.id(), new DefaultFlowEntry(stored, FlowEntry.FlowEntryState.PENDING_ADD,
                        stored.life(TimeUnit.MILLISECONDS), TimeUnit.MILLISECONDS, stored.packets(), stored.bytes()));
                continue;
            }
            sw.advance(t);
            table.put(stored.id(), new DefaultFlowEntry(stored, FlowEntry.FlowEntryState.ADDED,
                    t - sw.createdAt, TimeUnit.MILLISECONDS, (long) sw.packets, (long) sw.bytes));
        }
        switchTable.keySet().retainAll(table.keySet()); // extraneousFlow: removed from the switch
    }

    @Override
    public void addListener(FlowRuleListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(FlowRuleListener listener) {
        listeners.remove(listener);
    }

    /** The switch drops a rule on its idle timeout and reports it (RULE_REMOVED). */
    void expire(FlowRule rule) {
        FlowEntry e;
        synchronized (this) {
            e = table.remove(rule.id());
            switchTable.remove(rule.id());
        }
        if (e != null) {
            FlowRuleEvent ev = new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, e);
            listeners.forEach(l -> l.event(ev));
        }
    }

    synchronized List<FlowRuleOperation> drainLog() {
        List<FlowRuleOperation> l = new ArrayList<>(log);
        log.clear();
        return l;
    }

    /** The store's entries of a device. */
    synchronized List<FlowEntry> rules(DeviceId device) {
        catchUp();
        return table.values().stream().filter(e -> e.deviceId().equals(device)).collect(Collectors.toList());
    }

    synchronized List<FlowEntry> rules(DeviceId device, int tableId) {
        return rules(device).stream().filter(e -> e.tableId() == tableId).collect(Collectors.toList());
    }

    /** What the switch itself holds. */
    synchronized List<FlowRule> switchRules(DeviceId device) {
        return switchTable.values().stream().map(f -> f.rule).filter(r -> r.deviceId().equals(device))
                .collect(Collectors.toList());
    }

    /**
     * A flow-stats reply for one rule now: the switch's counters and duration become these, and the
     * store shows them (ADDED).
     */
    synchronized void setCounters(FlowRule rule, long bytes, long packets, long lifeSec) {
        catchUp();
        long now = now();
        SwitchFlow sw = switchTable.computeIfAbsent(rule.id(), id -> new SwitchFlow(table.get(id), now));
        sw.advance(now);
        sw.bytes = bytes;
        sw.packets = packets;
        sw.createdAt = now - lifeSec * 1000;
        table.put(rule.id(), new DefaultFlowEntry(table.get(rule.id()), FlowEntry.FlowEntryState.ADDED, lifeSec,
                packets, bytes));
    }

    /** Steady traffic through a switch flow from now on (counted at the next stats poll). */
    synchronized void offer(FlowRule rule, double bytesPerSec, double packetsPerSec) {
        catchUp();
        SwitchFlow sw = switchTable.get(rule.id());
        sw.advance(now());
        sw.bytesPerSec = bytesPerSec;
        sw.packetsPerSec = packetsPerSec;
    }

    private void storeFresh(FlowRule rule) {
        table.put(rule.id(), new DefaultFlowEntry(rule));
    }

    private void switchAdd(FlowRule rule, long now) {
        SwitchFlow sw = switchTable.get(rule.id());
        if (sw == null) {
            switchTable.put(rule.id(), new SwitchFlow(rule, now));
        } else {
            sw.advance(now);
            sw.rule = rule;
            sw.createdAt = now;
        }
    }

    private void switchApply(FlowRuleOperation op, long now) {
        switch (op.type()) {
            case ADD:
                switchAdd(op.rule(), now);
                break;
            case MODIFY:
                SwitchFlow sw = switchTable.get(op.rule().id());
                if (sw != null) {
                    sw.rule = op.rule();
                }
                break;
            case REMOVE:
                switchTable.remove(op.rule().id());
                break;
            default:
                break;
        }
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        boolean fail;
        synchronized (this) {
            catchUp();
            fail = failNext;
            failNext = false;
            if (!fail) {
                for (Set<FlowRuleOperation> stage : ops.stages()) {
                    for (FlowRuleOperation op : stage) {
                        log.add(op);
                        if (op.type() == FlowRuleOperation.Type.REMOVE) {
                            table.remove(op.rule().id());
                        } else if (op.type() == FlowRuleOperation.Type.ADD || table.containsKey(op.rule().id())) {
                            storeFresh(op.rule()); // FlowBucket.update: a MODIFY only replaces a stored entry
                        }
                    }
                    List<FlowRuleOperation> mods = new ArrayList<>(stage);
                    Collections.shuffle(mods, shuffle);
                    mods.forEach(op -> switchApply(op, now()));
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
        catchUp();
        for (FlowRule r : rules) {
            log.add(new FlowRuleOperation(r, FlowRuleOperation.Type.ADD));
            storeFresh(r);
            switchAdd(r, now());
        }
    }

    @Override
    public synchronized void removeFlowRules(FlowRule... rules) {
        catchUp();
        for (FlowRule r : rules) {
            log.add(new FlowRuleOperation(r, FlowRuleOperation.Type.REMOVE));
            table.remove(r.id());
            switchTable.remove(r.id());
        }
    }

    @Override
    public synchronized void removeFlowRulesById(ApplicationId id) {
        table.values().removeIf(e -> e.appId() == id.id());
        switchTable.values().removeIf(f -> f.rule.appId() == id.id());
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        if (failingReads.contains(deviceId)) {
            throw new FlowRuleStoreException("There is no master for available device " + deviceId);
        }
        return rules(deviceId);
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        catchUp();
        return table.values().stream().filter(e -> e.appId() == id.id()).collect(Collectors.toList());
    }

    @Override
    public synchronized FlowEntry getFlowEntry(FlowRule rule) {
        catchUp();
        return table.get(rule.id());
    }

    @Override
    public synchronized int getFlowRuleCount() {
        return table.size();
    }
}
