package org.mpsdn.lab.host.services;

import com.google.common.collect.ImmutableList;
import org.mpsdn.lab.host.openflow.OfChannel;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterEvent;
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
import java.util.stream.Collectors;

/**
 * In-memory meter store on the OpenFlow southbound: submit sends METER_MOD ADD, withdraw sends DELETE, and
 * an OpenFlow ERROR answering a meter mod fails the request's context. Counters come from meter statistics.
 * <p>
 * With ONOS timing ({@link SouthboundTiming#onosSemantics()}) a change is confirmed as in ONOS 2.7.0 only by
 * a meter-statistics reply ({@link #updateStats}, polled every {@code meterStatsPollInterval} = 10 s, and
 * once right after each removal, {@code forceStatsAfterMeterRemoval}: providers/openflow/meter/.../
 * OpenFlowMeterProvider.java:254-267, OsgiPropertyConstants.java:30-36), and a failed meter stays in the
 * store until it is withdrawn. Fast timing confirms on the switch's barrier reply and drops a failed meter.
 */
public final class LabMeterService extends MeterServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(LabMeterService.class);
    private static final long ALL_METERS = 0xffffffffL;

    private final SwitchDirectory switches;
    private final boolean onos;
    private final Map<String, MeterRequest> awaitingStats = new ConcurrentHashMap<>();
    private final Map<String, DefaultMeter> meters = new ConcurrentHashMap<>();
    /** Meter mods waiting for their barrier, by device and xid (each switch connection numbers its own xids). */
    private final Map<String, MeterRequest> inFlight = new ConcurrentHashMap<>();
    private final Map<String, String> inFlightKey = new ConcurrentHashMap<>();
    private final Map<DeviceId, AtomicLong> nextId = new ConcurrentHashMap<>();
    private final List<MeterListener> listeners = new CopyOnWriteArrayList<>();
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

    private static String key(DeviceId d, long id) {
        return d + "/" + id;
    }

    /**
     * Meter mods the switches rejected.
     *
     * @return failure count
     */
    public long failures() {
        return failures.get();
    }

    @Override
    public Meter submit(MeterRequest request) {
        long id = request.index().orElseGet(() -> allocateMeterId(request.deviceId()).id());
        Meter.Builder b = DefaultMeter.builder().forDevice(request.deviceId()).withCellId(MeterId.meterId(id))
                .fromApp(request.appId()).withUnit(request.unit()).withBands(request.bands());
        if (request.isBurst()) {
            b.burst();
        }
        DefaultMeter meter = (DefaultMeter) b.build();
        meter.setState(MeterState.PENDING_ADD);
        if (onos) {
            awaitingStats.put(key(request.deviceId(), id), request);
        }
        meters.put(key(request.deviceId(), id), meter);
        OfChannel c = switches.connection(request.deviceId());
        if (c == null) {
            fail(request, meter, MeterFailReason.UNKNOWN_DEVICE);
            return meter;
        }
        OFMeterMod mod;
        try {
            mod = OfTranslator.meterAdd(c.factory(), id, request);
        } catch (IllegalArgumentException e) {
            LOG.warn("meter {} rejected: {}", id, e.getMessage());
            fail(request, meter, MeterFailReason.BAD_BAND);
            return meter;
        }
        long xid = c.xid();
        String x = key(request.deviceId(), xid);
        inFlight.put(x, request);
        inFlightKey.put(x, key(request.deviceId(), id));
        c.send(mod.createBuilder().setXid(xid).build());
        c.barrier().thenRun(() -> {
            inFlightKey.remove(x);
            if (inFlight.remove(x) != null && !onos && meter.state() == MeterState.PENDING_ADD) {
                confirmAdded(meter, request);
            }
        });
        return meter;
    }

    @Override
    public void withdraw(MeterRequest request, MeterId meterId) {
        withdraw(request, (MeterCellId) meterId);
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId meterCellId) {
        long id = ((MeterId) meterCellId).id();
        DefaultMeter meter = meters.get(key(request.deviceId(), id));
        if (meter == null) {
            if (onos) {
                // DistributedMeterStore.deleteMeter (core/store/dist/.../DistributedMeterStore.java:236-240)
                request.context().ifPresent(ctx -> ctx.onSuccess(request));
            }
            return;
        }
        if (onos) {
            awaitingStats.put(key(request.deviceId(), id), request);
        }
        meter.setState(MeterState.PENDING_REMOVE);
        OfChannel c = switches.connection(request.deviceId());
        if (c == null) {
            meters.remove(key(request.deviceId(), id));
            awaitingStats.remove(key(request.deviceId(), id));
            post(new MeterEvent(MeterEvent.Type.METER_REMOVED, meter));
            return;
        }
        c.send(OfTranslator.meterDelete(c.factory(), id));
        if (onos) {
            pollStats(request.deviceId());
            return;
        }
        c.barrier().thenRun(() -> {
            if (meters.remove(key(request.deviceId(), id), meter)) {
                post(new MeterEvent(MeterEvent.Type.METER_REMOVED, meter));
                request.context().ifPresent(ctx -> ctx.onSuccess(request));
            }
        });
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
        return meters.get(key(deviceId, id.id()));
    }

    @Override
    public Meter getMeter(DeviceId deviceId, MeterCellId id) {
        return getMeter(deviceId, (MeterId) id);
    }

    @Override
    public Collection<Meter> getAllMeters() {
        return ImmutableList.copyOf(meters.values());
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId) {
        return meters.values().stream().filter(m -> m.deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    @Override
    public Collection<Meter> getMeters(DeviceId deviceId, MeterScope scope) {
        return getMeters(deviceId);
    }

    @Override
    public MeterId allocateMeterId(DeviceId deviceId) {
        AtomicLong n = nextId.computeIfAbsent(deviceId, d -> new AtomicLong(0));
        long id;
        do {
            id = n.incrementAndGet();
        } while (meters.containsKey(key(deviceId, id)));
        return MeterId.meterId(id);
    }

    @Override
    public void freeMeterId(DeviceId deviceId, MeterId meterId) {
        // ids are reused only when no meter holds them (see allocateMeterId)
    }

    @Override
    public void addListener(MeterListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(MeterListener listener) {
        listeners.remove(listener);
    }

    /**
     * Handles an OpenFlow ERROR: if it answers one of our meter mods, the meter fails with the reason ONOS
     * 2.7.0 gives the error code ({@code OpenFlowMeterProvider.signalMeterError}, providers/openflow/meter/.../
     * OpenFlowMeterProvider.java:423-470; other codes: UNKNOWN).
     *
     * @param deviceId the switch that sent the error
     * @param msg      the error message
     * @return true if the error belonged to a meter mod
     */
    public boolean error(DeviceId deviceId, OFErrorMsg msg) {
        String x = key(deviceId, msg.getXid());
        MeterRequest req = inFlight.remove(x);
        if (req == null) {
            return false;
        }
        String k = inFlightKey.remove(x);
        MeterFailReason reason = MeterFailReason.UNKNOWN;
        if (msg instanceof OFMeterModFailedErrorMsg) {
            switch (((OFMeterModFailedErrorMsg) msg).getCode()) {
                case METER_EXISTS:
                    reason = MeterFailReason.EXISTING_METER;
                    break;
                case INVALID_METER:
                    reason = MeterFailReason.INVALID_METER;
                    break;
                case OUT_OF_METERS:
                    reason = MeterFailReason.OUT_OF_METERS;
                    break;
                case BAD_RATE:
                    reason = MeterFailReason.BAD_RATE;
                    break;
                default:
                    break;
            }
        }
        fail(req, k == null ? null : meters.get(k), reason);
        return true;
    }

    /**
     * Applies a meter statistics reply. Fast timing: counters only. ONOS timing, as
     * {@code MeterManager.pushMeterMetrics} (core/net/.../MeterManager.java:403-451) with the store's map
     * listener ({@code DistributedMeterStore}, core/store/dist/.../DistributedMeterStore.java:638-693): a
     * stored PENDING_ADD or ADDED meter the switch lacks is sent again; a switch meter the store lacks is
     * deleted; a PENDING_ADD meter the switch reports becomes ADDED (METER_ADDED, its context succeeds);
     * every PENDING_REMOVE meter leaves the store (METER_REMOVED, its context succeeds).
     *
     * @param deviceId device
     * @param stats    meter stats entries
     */
    public synchronized void updateStats(DeviceId deviceId, List<OFMeterStats> stats) {
        Map<Long, OFMeterStats> onDevice = new HashMap<>();
        stats.forEach(st -> onDevice.put(st.getMeterId(), st));
        List<DefaultMeter> stored = List.copyOf(meters.values()).stream()
                .filter(m -> m.deviceId().equals(deviceId)).collect(Collectors.toList());
        OfChannel c = onos ? switches.connection(deviceId) : null;
        for (DefaultMeter m : stored) {
            OFMeterStats st = onDevice.remove(m.id().id());
            if (st != null) {
                m.setProcessedBytes(st.getByteInCount().getValue());
                m.setProcessedPackets(st.getPacketInCount().getValue());
                m.setReferenceCount(st.getFlowCount());
                m.setLife(st.getDurationSec());
            }
            if (!onos) {
                continue;
            }
            String k = key(deviceId, m.id().id());
            if (m.state() == MeterState.PENDING_REMOVE) {
                if (meters.remove(k, m)) {
                    post(new MeterEvent(MeterEvent.Type.METER_REMOVED, m));
                    succeed(awaitingStats.remove(k));
                }
            } else if (st == null && c != null) {
                reinstall(c, m);
            } else if (st != null && m.state() == MeterState.PENDING_ADD) {
                confirmAdded(m, awaitingStats.remove(k));
            }
        }
        if (c != null) {
            onDevice.keySet().forEach(id -> c.send(OfTranslator.meterDelete(c.factory(), id)));
        }
    }

    /**
     * Drops every meter of a device that disconnected (the switch is wiped when it reconnects).
     *
     * @param deviceId device
     */
    public void deviceGone(DeviceId deviceId) {
        meters.values().removeIf(m -> m.deviceId().equals(deviceId));
        awaitingStats.keySet().removeIf(k -> k.startsWith(deviceId + "/"));
    }

    private void confirmAdded(DefaultMeter meter, MeterRequest request) {
        meter.setState(MeterState.ADDED);
        post(new MeterEvent(MeterEvent.Type.METER_ADDED, meter));
        succeed(request);
    }

    private static void succeed(MeterRequest request) {
        if (request != null) {
            request.context().ifPresent(ctx -> ctx.onSuccess(request));
        }
    }

    /** MeterManager's MeterInstaller ADD for a meter missing on the device (its errors fail the request). */
    private void reinstall(OfChannel c, DefaultMeter m) {
        String k = key(m.deviceId(), m.id().id());
        MeterRequest.Builder b = DefaultMeterRequest.builder().forDevice(m.deviceId()).fromApp(m.appId())
                .withUnit(m.unit()).withBands(m.bands());
        if (m.isBurst()) {
            b.burst();
        }
        MeterRequest req = awaitingStats.getOrDefault(k, b.add());
        long xid = c.xid();
        String x = key(m.deviceId(), xid);
        inFlight.put(x, req);
        inFlightKey.put(x, k);
        c.send(OfTranslator.meterAdd(c.factory(), m.id().id(), req).createBuilder().setXid(xid).build());
        c.barrier().thenRun(() -> {
            inFlight.remove(x);
            inFlightKey.remove(x);
        });
    }

    private void fail(MeterRequest req, DefaultMeter meter, MeterFailReason reason) {
        failures.incrementAndGet();
        LOG.warn("meter request on {} failed: {} (connected devices: {})", req.deviceId(), reason,
                 switches.connection(req.deviceId()) != null);
        if (meter != null) {
            // ONOS keeps a failed meter in the store (PENDING_ADD with the reason) until it is withdrawn
            // (DistributedMeterStore.failedMeter, :371-376); the fast timing drops it
            if (!onos) {
                meters.values().removeIf(m -> m == meter);
            }
            awaitingStats.remove(key(meter.deviceId(), meter.id().id()));
        }
        req.context().ifPresent(ctx -> ctx.onError(req, reason));
    }

    private void post(MeterEvent ev) {
        for (MeterListener l : listeners) {
            try {
                l.event(ev);
            } catch (RuntimeException ex) {
                LOG.warn("meter listener failed: {}", ex.toString());
            }
        }
    }
}
