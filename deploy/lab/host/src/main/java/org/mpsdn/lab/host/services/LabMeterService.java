package org.mpsdn.lab.host.services;

import com.google.common.collect.ImmutableList;
import org.mpsdn.lab.host.openflow.OfSwitchConnection;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
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
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * In-memory meter store on the OpenFlow southbound: submit sends METER_MOD ADD, withdraw sends DELETE;
 * METER_ADDED / METER_REMOVED are posted when the switch's barrier reply confirms the change, and an
 * OpenFlow ERROR answering a meter mod fails the request's context. Counters come from meter statistics.
 */
public final class LabMeterService extends MeterServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(LabMeterService.class);

    private final SwitchDirectory switches;
    private final Map<String, DefaultMeter> meters = new ConcurrentHashMap<>();
    private final Map<Long, MeterRequest> inFlight = new ConcurrentHashMap<>();
    private final Map<Long, String> inFlightKey = new ConcurrentHashMap<>();
    private final Map<DeviceId, AtomicLong> nextId = new ConcurrentHashMap<>();
    private final List<MeterListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong failures = new AtomicLong();

    /**
     * Creates the service.
     *
     * @param switches connection lookup
     */
    public LabMeterService(SwitchDirectory switches) {
        this.switches = switches;
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
        meters.put(key(request.deviceId(), id), meter);
        OfSwitchConnection c = switches.connection(request.deviceId());
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
        inFlight.put(xid, request);
        inFlightKey.put(xid, key(request.deviceId(), id));
        c.send(mod.createBuilder().setXid(xid).build());
        c.barrier().thenRun(() -> {
            inFlightKey.remove(xid);
            if (inFlight.remove(xid) != null && meter.state() == MeterState.PENDING_ADD) {
                meter.setState(MeterState.ADDED);
                post(new MeterEvent(MeterEvent.Type.METER_ADDED, meter));
                request.context().ifPresent(ctx -> ctx.onSuccess(request));
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
            return;
        }
        meter.setState(MeterState.PENDING_REMOVE);
        OfSwitchConnection c = switches.connection(request.deviceId());
        if (c == null) {
            meters.remove(key(request.deviceId(), id));
            post(new MeterEvent(MeterEvent.Type.METER_REMOVED, meter));
            return;
        }
        c.send(OfTranslator.meterDelete(c.factory(), id));
        c.barrier().thenRun(() -> {
            if (meters.remove(key(request.deviceId(), id), meter)) {
                post(new MeterEvent(MeterEvent.Type.METER_REMOVED, meter));
                request.context().ifPresent(ctx -> ctx.onSuccess(request));
            }
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
     * Handles an OpenFlow ERROR: if it answers one of our meter mods, the meter fails.
     *
     * @param xid the transaction id the error answers
     * @return true if the error belonged to a meter mod
     */
    public boolean error(long xid) {
        MeterRequest req = inFlight.remove(xid);
        if (req == null) {
            return false;
        }
        String k = inFlightKey.remove(xid);
        fail(req, k == null ? null : meters.get(k), MeterFailReason.UNKNOWN);
        return true;
    }

    /**
     * Updates counters from a meter statistics reply.
     *
     * @param deviceId device
     * @param stats    meter stats entries
     */
    public void updateStats(DeviceId deviceId, List<OFMeterStats> stats) {
        for (OFMeterStats s : stats) {
            DefaultMeter m = meters.get(key(deviceId, s.getMeterId()));
            if (m != null) {
                m.setProcessedBytes(s.getByteInCount().getValue());
                m.setProcessedPackets(s.getPacketInCount().getValue());
                m.setReferenceCount(s.getFlowCount());
                m.setLife(s.getDurationSec());
            }
        }
    }

    /**
     * Drops every meter of a device that disconnected (the switch is wiped when it reconnects).
     *
     * @param deviceId device
     */
    public void deviceGone(DeviceId deviceId) {
        meters.values().removeIf(m -> m.deviceId().equals(deviceId));
    }

    private void fail(MeterRequest req, DefaultMeter meter, MeterFailReason reason) {
        failures.incrementAndGet();
        LOG.warn("meter request on {} failed: {} (connected devices: {})", req.deviceId(), reason,
                 switches.connection(req.deviceId()) != null);
        if (meter != null) {
            meters.values().removeIf(m -> m == meter);
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
