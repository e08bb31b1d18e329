package org.mpsdn.lab.host.services;

import com.google.common.collect.ImmutableList;
import org.mpsdn.lab.host.openflow.OfChannel;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.meter.MeterState;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterStats;
import org.projectfloodlight.openflow.protocol.OFMeterStatsReply;
import org.projectfloodlight.openflow.protocol.errormsg.OFMeterModFailedErrorMsg;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Meters on the OpenFlow southbound: submit sends METER_MOD ADD, withdraw sends DELETE, and an OpenFlow ERROR
 * answering a meter mod fails the meter. Counters come from meter statistics. The store is {@link LabMeterStore}.
 * <p>
 * With ONOS timing ({@link SouthboundTiming#onosSemantics()}) a change is confirmed as in ONOS 2.7.0 only by
 * a meter-statistics reply ({@link #updateStats}, polled every {@code meterStatsPollInterval} = 10 s, and
 * once right after each removal, {@code forceStatsAfterMeterRemoval}: providers/openflow/meter/.../
 * OpenFlowMeterProvider.java:254-267, OsgiPropertyConstants.java:30-36). A failed meter stays in the store
 * with its reason until it is withdrawn; withdrawing it sends nothing to the switch and fails the withdrawal
 * with that reason (the store's map listener does not ask for a removal while a reason is set:
 * core/store/dist/.../DistributedMeterStore.java:229-237, 652-662), and the next statistics reply that shows
 * the meter clears the reason ({@code updateMeterState}, :316-333), which makes a PENDING_ADD meter ADDED and
 * sends a PENDING_REMOVE one's removal then. Fast timing confirms on the switch's barrier reply and drops a
 * failed meter.
 */
public final class LabMeterService extends MeterServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(LabMeterService.class);
    private static final long ALL_METERS = 0xffffffffL;

    private final SwitchDirectory switches;
    private final boolean onos;
    private final LabMeterStore store = new LabMeterStore();
    /** Meter mods waiting for their barrier or error, by device and xid (each connection numbers its own). */
    private final Map<String, String> inFlight = new ConcurrentHashMap<>();
    private final List<BiConsumer<String, Meter>> requestListeners = new CopyOnWriteArrayList<>();
    private final AtomicLong failures = new AtomicLong();

    /**
     * Creates the service with ONOS 2.7.0 timing.
     *
     * @param switches connection lookup
     */
    public LabMeterService(SwitchDirectory switches) {
        this(switches, SouthboundTiming.onos(0));
    }

    /**
     * Creates the service.
     *
     * @param switches connection lookup
     * @param timing   ONOS or fast semantics
     */
    public LabMeterService(SwitchDirectory switches, SouthboundTiming timing) {
        this.switches = switches;
        this.onos = timing.onosSemantics();
    }

    /**
     * Meter mods the switches rejected.
     *
     * @return failure count
     */
    public long failures() {
        return failures.get();
    }

    /**
     * Tells a listener (for the lab's meter log) about each request the app makes: {@code "submitted"} with
     * the new meter, {@code "withdrawn"} with the stored meter.
     *
     * @param listener receives the kind of request and the meter
     */
    public void addRequestListener(BiConsumer<String, Meter> listener) {
        requestListeners.add(listener);
    }

    @Override
    public Meter submit(MeterRequest request) {
        long id = request.index().orElseGet(() -> store.allocate(request.deviceId()).id());
        Meter.Builder b = DefaultMeter.builder().forDevice(request.deviceId()).withCellId(MeterId.meterId(id))
                .fromApp(request.appId()).withUnit(request.unit()).withBands(request.bands());
        if (request.isBurst()) {
            b.burst();
        }
        DefaultMeter meter = (DefaultMeter) b.build();
        meter.setState(MeterState.PENDING_ADD);
        store.put(meter, request);
        requestListeners.forEach(l -> l.accept("submitted", meter));
        OfChannel c = switches.connection(request.deviceId());
        if (c == null) {
            fail(LabMeterStore.key(meter), MeterFailReason.UNKNOWN_DEVICE);
            return meter;
        }
        OFMeterMod mod;
        try {
            mod = OfTranslator.meterAdd(c.factory(), id, request);
        } catch (IllegalArgumentException e) {
            LOG.warn("meter {} rejected: {}", id, e.getMessage());
            fail(LabMeterStore.key(meter), MeterFailReason.BAD_BAND);
            return meter;
        }
        send(c, meter, mod, () -> {
            if (!onos && meter.state() == MeterState.PENDING_ADD) {
                store.added(meter);
            }
        });
        return meter;
    }

    /** Sends an ADD and notes its xid, so that an ERROR answering it fails the meter. */
    private void send(OfChannel c, DefaultMeter meter, OFMeterMod mod, Runnable onBarrier) {
        long xid = c.xid();
        String x = LabMeterStore.key(meter.deviceId(), xid);
        inFlight.put(x, LabMeterStore.key(meter));
        c.send(mod.createBuilder().setXid(xid).build());
        c.barrier().thenRun(() -> {
            if (inFlight.remove(x) != null) {
                onBarrier.run();
            }
        });
    }

    @Override
    public void withdraw(MeterRequest request, MeterId meterId) {
        withdraw(request, (MeterCellId) meterId);
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId meterCellId) {
        long id = ((MeterId) meterCellId).id();
        String k = LabMeterStore.key(request.deviceId(), id);
        DefaultMeter meter = store.get(k);
        if (meter == null) {
            // DistributedMeterStore.deleteMeter (core/store/dist/.../DistributedMeterStore.java:238-242)
            request.context().ifPresent(ctx -> ctx.onSuccess(request));
            return;
        }
        requestListeners.forEach(l -> l.accept("withdrawn", meter));
        boolean again = meter.state() == MeterState.PENDING_REMOVE;
        meter.setState(MeterState.PENDING_REMOVE);
        store.awaits(k, request);
        if (onos && (again || store.reason(k) != null)) {
            // deleteMeter leaves a PENDING_REMOVE meter as it is (no map event: :232-233); with a reason the
            // map listener fails the withdrawal instead of asking for the removal (:652-662)
            if (!again) {
                store.complete(k, store.reason(k));
            }
            return;
        }
        OfChannel c = switches.connection(request.deviceId());
        if (c == null) {
            fail(k, MeterFailReason.UNKNOWN_DEVICE); // OpenFlowMeterProvider.performMeterOperation: :242-250
            return;
        }
        c.send(OfTranslator.meterDelete(c.factory(), id));
        if (onos) {
            pollStats(request.deviceId());
            return;
        }
        c.barrier().thenRun(() -> store.purge(meter));
    }

    /**
     * Sends a meter statistics request to a device; its reply goes to {@link #updateStats}.
     *
     * @param deviceId device
     * @return completes when the reply has been applied (at once if the device is not connected)
     */
    public CompletableFuture<Void> pollStats(DeviceId deviceId) {
        OfChannel c = switches.connection(deviceId);
        if (c == null) {
            return CompletableFuture.completedFuture(null);
        }
        return c.stats(c.factory().buildMeterStatsRequest().setMeterId(ALL_METERS).build()).thenAccept(parts -> {
            List<OFMeterStats> all = new ArrayList<>();
            parts.forEach(r -> all.addAll(((OFMeterStatsReply) r).getEntries()));
            updateStats(deviceId, all);
        });
    }

    @Override
    public Meter getMeter(DeviceId deviceId, MeterId id) {
        return store.get(LabMeterStore.key(deviceId, id.id()));
    }

    @Override
    public Meter getMeter(DeviceId deviceId, MeterCellId id) {
        return getMeter(deviceId, (MeterId) id);
    }

    @Override
    public Collection<Meter> getAllMeters() {
        return ImmutableList.copyOf(store.all().values());
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId) {
        return ImmutableList.copyOf(store.of(deviceId));
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId, MeterScope scope) {
        return getMeters(deviceId);
    }

    @Override
    public MeterId allocateMeterId(DeviceId deviceId) {
        return store.allocate(deviceId);
    }

    @Override
    public void freeMeterId(DeviceId deviceId, MeterId meterId) {
        // ids are reused only when no meter holds them (see LabMeterStore.allocate)
    }

    @Override
    public void addListener(MeterListener listener) {
        store.addListener(listener);
    }

    @Override
    public void removeListener(MeterListener listener) {
        store.removeListener(listener);
    }

    /**
     * Handles an OpenFlow ERROR: if it answers one of our meter mods, the meter fails with the reason ONOS
     * 2.7.0 gives the error code ({@code OpenFlowMeterProvider.signalMeterError}, providers/openflow/meter/.../
     * OpenFlowMeterProvider.java:423-478).
     *
     * @param deviceId the switch that sent the error
     * @param msg      the error message
     * @return true if the error belonged to a meter mod
     */
    public boolean error(DeviceId deviceId, OFErrorMsg msg) {
        String k = inFlight.remove(LabMeterStore.key(deviceId, msg.getXid()));
        if (k == null) {
            return false;
        }
        fail(k, msg instanceof OFMeterModFailedErrorMsg
                ? OfTranslator.meterFailReason(((OFMeterModFailedErrorMsg) msg).getCode()) : MeterFailReason.UNKNOWN);
        return true;
    }

    /**
     * Applies a meter statistics reply. Fast timing: counters only. ONOS timing, as
     * {@code MeterManager.pushMeterMetrics} (core/net/.../MeterManager.java:403-454) with the store
     * ({@link LabMeterStore}): a stored PENDING_ADD or ADDED meter the switch lacks is sent again (:409-419); a
     * switch meter the store lacks is deleted (:421-430); a stored meter the switch reports loses its failure
     * reason and, if PENDING_ADD, becomes ADDED (:432-443; a PENDING_REMOVE one whose reason is cleared is
     * removed from the switch now, with the forced statistics request); every other PENDING_REMOVE meter
     * leaves the store (:444-453).
     *
     * @param deviceId device
     * @param stats    meter stats entries
     */
    public synchronized void updateStats(DeviceId deviceId, List<OFMeterStats> stats) {
        Map<Long, OFMeterStats> onDevice = new HashMap<>();
        stats.forEach(st -> onDevice.put(st.getMeterId(), st));
        Map<DefaultMeter, MeterState> stored = new HashMap<>();
        store.of(deviceId).forEach(m -> stored.put(m, m.state()));
        OfChannel c = onos ? switches.connection(deviceId) : null;
        for (Map.Entry<DefaultMeter, MeterState> e : stored.entrySet()) {
            DefaultMeter m = e.getKey();
            OFMeterStats st = onDevice.remove(m.id().id());
            if (st != null) {
                m.setProcessedBytes(st.getByteInCount().getValue());
                m.setProcessedPackets(st.getPacketInCount().getValue());
                m.setReferenceCount(st.getFlowCount());
                m.setLife(st.getDurationSec());
            }
            if (onos) {
                pushMeterMetrics(c, m, e.getValue(), st != null);
            }
        }
        if (c != null) {
            onDevice.keySet().forEach(id -> c.send(OfTranslator.meterDelete(c.factory(), id)));
        }
    }

    private void pushMeterMetrics(OfChannel c, DefaultMeter m, MeterState state, boolean onSwitch) {
        String k = LabMeterStore.key(m);
        if (!onSwitch && state != MeterState.PENDING_REMOVE) {
            if (c != null) {
                reinstall(c, m);
            }
            return;
        }
        MeterFailReason cleared = onSwitch ? store.clearReason(k) : null;
        if (state == MeterState.PENDING_ADD && onSwitch) {
            store.added(m);
        } else if (state == MeterState.PENDING_REMOVE) {
            if (cleared != null && c != null) {
                c.send(OfTranslator.meterDelete(c.factory(), m.id().id()));
                pollStats(m.deviceId());
            }
            store.purge(m);
        }
    }

    /**
     * Drops every meter of a device that disconnected (the switch is wiped when it reconnects).
     *
     * @param deviceId device
     */
    public void deviceGone(DeviceId deviceId) {
        store.of(deviceId).forEach(m -> store.drop(LabMeterStore.key(m)));
    }

    /** MeterManager's MeterInstaller ADD for a meter missing on the device (its errors fail the meter). */
    private void reinstall(OfChannel c, DefaultMeter m) {
        MeterRequest.Builder b = DefaultMeterRequest.builder().forDevice(m.deviceId()).fromApp(m.appId())
                .withUnit(m.unit()).withBands(m.bands());
        if (m.isBurst()) {
            b.burst();
        }
        send(c, m, OfTranslator.meterAdd(c.factory(), m.id().id(), b.add()), () -> { });
    }

    private void fail(String key, MeterFailReason reason) {
        failures.incrementAndGet();
        DefaultMeter meter = store.get(key);
        LOG.warn("meter request {} failed: {} (connected: {})", key, reason,
                 meter != null && switches.connection(meter.deviceId()) != null);
        store.failed(key, reason);
        if (!onos) {
            store.drop(key); // ONOS keeps a failed meter with the reason until it is withdrawn
        }
    }
}
