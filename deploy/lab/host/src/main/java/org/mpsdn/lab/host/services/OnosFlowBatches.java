package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfChannel;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.projectfloodlight.openflow.protocol.OFFlowMod;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Flow rule operations as ONOS 2.7.0 executes them.
 * <ul>
 * <li>Stages run one after the other: the next stage starts when every device's batch of this stage is
 *     complete, and the callback's {@code onSuccess} comes after the last stage, only if no batch failed
 *     ({@code FlowRuleManager.FlowOperationsProcessor}, core/net/.../FlowRuleManager.java:770-833).</li>
 * <li>At the start of a stage the store is updated ({@code ECFlowRuleStore.updateStoreInternal},
 *     core/store/dist/.../ECFlowRuleStore.java:511-538): ADD stores a fresh entry and MODIFY replaces a stored
 *     one (state PENDING_ADD, bytes, packets and life 0, {@code new DefaultFlowEntry(rule)}; FlowBucket.java:
 *     177-197); REMOVE marks the stored entry PENDING_REMOVE and is dropped if nothing is stored.</li>
 * <li>A device's flow mods of one stage are sent in no fixed order, then a barrier with the batch id; the
 *     batch completes on the barrier reply and fails if the switch answered a mod with an ERROR
 *     ({@code OpenFlowRuleProvider.executeBatch} collects the mods in a {@code HashSet}, providers/openflow/
 *     flow/.../OpenFlowRuleProvider.java:393-438, 409; barrier and errors at :534-549). Here the order is a
 *     seeded shuffle.</li>
 * <li>ADD is {@code OFPFC_ADD}, MODIFY the non-strict {@code OFPFC_MODIFY}, REMOVE {@code DELETE_STRICT}
 *     (FlowModBuilderVer13.java:125-229).</li>
 * </ul>
 * A device without a connection keeps the store update and completes at once, as ECFlowRuleStore does when
 * the device has no master (the rules are pushed when the switch connects).
 */
final class OnosFlowBatches {

    private static final Logger LOG = LoggerFactory.getLogger(OnosFlowBatches.class);

    private final LabFlowRuleService service;
    private final Random order;
    /** Batches waiting for their barrier, by device and xid (each switch connection numbers its own xids). */
    private final Map<String, Run> inFlight = new ConcurrentHashMap<>();
    private final Set<String> failedBatches = ConcurrentHashMap.newKeySet();

    OnosFlowBatches(LabFlowRuleService service, long seed) {
        this.service = service;
        // the seed is mixed first: java.util.Random's first draws hardly differ between nearby small seeds
        this.order = new Random(new SplittableRandom(seed).nextLong());
        LOG.info("flow mods of a batch stage are sent in a shuffled order (seed {})", seed);
    }

    void apply(FlowRuleOperations ops) {
        new Run(ops).next();
    }

    boolean error(DeviceId deviceId, long xid) {
        String k = deviceId + "#" + xid;
        if (!inFlight.containsKey(k)) {
            return false;
        }
        failedBatches.add(k);
        return true;
    }

    /** One FlowRuleOperations in progress. */
    private final class Run {
        private final FlowRuleOperations ops;
        private final List<Set<FlowRuleOperation>> stages;
        private int nextStage;
        private int pendingDevices;
        private boolean failed;

        Run(FlowRuleOperations ops) {
            this.ops = ops;
            this.stages = new ArrayList<>(ops.stages());
        }

        synchronized void next() {
            while (nextStage < stages.size()) {
                Map<DeviceId, List<FlowRuleOperation>> perDevice = new LinkedHashMap<>();
                for (FlowRuleOperation op : stages.get(nextStage++)) {
                    perDevice.computeIfAbsent(op.rule().deviceId(), d -> new ArrayList<>()).add(op);
                }
                Map<DeviceId, List<OFFlowMod>> mods = new LinkedHashMap<>();
                perDevice.forEach((d, dops) -> {
                    List<OFFlowMod> m = storeAndTranslate(d, dops);
                    if (m != null) {
                        mods.put(d, m);
                    }
                });
                if (mods.isEmpty()) {
                    continue;
                }
                pendingDevices = mods.size();
                mods.forEach((d, m) -> send(d, m, perDevice.get(d)));
                return; // the last barrier reply of this stage runs the next one
            }
            if (!failed && ops.callback() != null) {
                ops.callback().onSuccess(ops);
            }
        }

        private void send(DeviceId d, List<OFFlowMod> mods, List<FlowRuleOperation> dops) {
            OfChannel c = service.connection(d);
            if (c == null) {
                deviceDone(true, dops);
                return;
            }
            long xid = c.xid();
            synchronized (order) {
                Collections.shuffle(mods, order);
            }
            String k = d + "#" + xid;
            inFlight.put(k, this);
            for (OFFlowMod m : mods) {
                c.send(m.createBuilder().setXid(xid).build());
            }
            c.barrier(xid).whenComplete((reply, ex) -> {
                inFlight.remove(k);
                deviceDone(ex == null && !failedBatches.remove(k), dops);
            });
        }

        private synchronized void deviceDone(boolean ok, List<FlowRuleOperation> dops) {
            if (!ok) {
                failed = true;
                FlowRuleOperations.Builder b = FlowRuleOperations.builder();
                dops.forEach(b::operation);
                LOG.warn("flow batch of {} rules on {} failed", dops.size(), dops.get(0).rule().deviceId());
                if (ops.callback() != null) {
                    ops.callback().onError(b.build());
                }
            }
            if (--pendingDevices == 0) {
                next();
            }
        }
    }

    /** Updates the store for one device's part of a stage; returns its flow mods, or null if none. */
    private List<OFFlowMod> storeAndTranslate(DeviceId d, List<FlowRuleOperation> dops) {
        OfChannel c = service.connection(d);
        Map<Long, DefaultFlowEntry> entries = service.entries();
        List<OFFlowMod> mods = new ArrayList<>();
        for (FlowRuleOperation op : dops) {
            long id = op.rule().id().value();
            DefaultFlowEntry stored = entries.get(id);
            switch (op.type()) {
                case ADD:
                    entries.put(id, new DefaultFlowEntry(op.rule()));
                    service.stored(id);
                    break;
                case MODIFY:
                    if (entries.computeIfPresent(id, (k, v) -> new DefaultFlowEntry(op.rule())) != null) {
                        service.stored(id);
                    }
                    break;
                case REMOVE:
                    if (stored == null) {
                        continue;
                    }
                    stored.setState(FlowEntry.FlowEntryState.PENDING_REMOVE);
                    break;
                default:
                    throw new IllegalArgumentException("flow operation " + op.type());
            }
            if (c == null) {
                continue;
            }
            LabFlowRuleService.debug(op);
            try {
                mods.add(op.type() == FlowRuleOperation.Type.ADD ? OfTranslator.flowAdd(c.factory(), op.rule(), false)
                        : op.type() == FlowRuleOperation.Type.MODIFY ? OfTranslator.flowModify(c.factory(), op.rule())
                        : OfTranslator.flowDelete(c.factory(), new DefaultFlowRule(stored)));
            } catch (IllegalArgumentException ex) {
                LOG.warn("rule {} not installed: {}", op.rule().id(), ex.getMessage());
                entries.remove(id);
            }
        }
        return c == null ? List.of() : mods.isEmpty() ? null : mods;
    }
}
