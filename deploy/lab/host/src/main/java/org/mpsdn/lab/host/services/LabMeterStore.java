package org.mpsdn.lab.host.services;

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterListener;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The lab's meter store, as ONOS 2.7.0's {@code DistributedMeterStore}
 * (core/store/dist/src/main/java/org/onosproject/store/meter/impl/DistributedMeterStore.java) keeps it: each
 * meter with its state and, once an operation on it failed, the failure reason ({@code failedMeter}, :371-375);
 * per meter the request whose context completes next ({@code futures}, :146-147, completed by the map
 * listener, :639-695); meter ids allocated per device among those no stored meter holds. Events go to the
 * listeners as {@code MeterManager} posts them.
 */
final class LabMeterStore {

    private static final Logger LOG = LoggerFactory.getLogger(LabMeterStore.class);

    private final Map<String, DefaultMeter> meters = new ConcurrentHashMap<>();
    private final Map<String, MeterFailReason> reasons = new ConcurrentHashMap<>();
    private final Map<String, MeterRequest> futures = new ConcurrentHashMap<>();
    private final Map<DeviceId, AtomicLong> nextId = new ConcurrentHashMap<>();
    private final List<MeterListener> listeners = new CopyOnWriteArrayList<>();

    static String key(DeviceId d, long id) {
        return d + "/" + id;
    }

    static String key(Meter m) {
        return key(m.deviceId(), m.id().id());
    }

    DefaultMeter get(String key) {
        return meters.get(key);
    }

    Map<String, DefaultMeter> all() {
        return meters;
    }

    List<DefaultMeter> of(DeviceId deviceId) {
        return meters.values().stream().filter(m -> m.deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    MeterId allocate(DeviceId deviceId) {
        AtomicLong n = nextId.computeIfAbsent(deviceId, d -> new AtomicLong(0));
        long id;
        do {
            id = n.incrementAndGet();
        } while (meters.containsKey(key(deviceId, id)));
        return MeterId.meterId(id);
    }

    // Stores a meter (a new one has no failure reason); the request's context completes later.
    void put(DefaultMeter meter, MeterRequest request) {
        String k = key(meter);
        meters.put(k, meter);
        reasons.remove(k);
        awaits(k, request);
    }

    // The request whose context completes with the meter's next outcome (replaces an earlier one).
    void awaits(String key, MeterRequest request) {
        if (request != null) {
            futures.put(key, request);
        }
    }

    MeterFailReason reason(String key) {
        return reasons.get(key);
    }

    // updateMeterState (:316-333): a stats reply shows the meter; its failure reason is cleared.
    MeterFailReason clearReason(String key) {
        return reasons.remove(key);
    }

    // failedMeter (:371-375) and the map listener (:650-662): the stored meter keeps its state and
    // gets the reason; the pending context fails with it.
    void failed(String key, MeterFailReason reason) {
        if (meters.containsKey(key)) {
            reasons.put(key, reason);
        }
        complete(key, reason);
    }

    // A PENDING_ADD meter became ADDED (:664-672): METER_ADDED, its context succeeds.
    void added(DefaultMeter meter) {
        meter.setState(MeterState.ADDED);
        complete(key(meter), null);
        post(new MeterEvent(MeterEvent.Type.METER_ADDED, meter));
    }

    // purgeMeter (:377-398) and the map listener (:684-689): METER_REMOVED, its context succeeds.
    void purge(DefaultMeter meter) {
        String k = key(meter);
        if (meters.remove(k, meter)) {
            reasons.remove(k);
            complete(k, null);
            post(new MeterEvent(MeterEvent.Type.METER_REMOVED, meter));
        }
    }

    // Drops a meter without events (a failed meter under fast timing, or a device that disconnected).
    void drop(String key) {
        meters.remove(key);
        reasons.remove(key);
        futures.remove(key);
    }

    void complete(String key, MeterFailReason reason) {
        MeterRequest request = futures.remove(key);
        if (request != null) {
            request.context().ifPresent(ctx -> {
                if (reason == null) {
                    ctx.onSuccess(request);
                } else {
                    ctx.onError(request, reason);
                }
            });
        }
    }

    void addListener(MeterListener listener) {
        listeners.add(listener);
    }

    void removeListener(MeterListener listener) {
        listeners.remove(listener);
    }

    void post(MeterEvent ev) {
        for (MeterListener l : listeners) {
            try {
                l.event(ev);
            } catch (RuntimeException ex) {
                LOG.warn("meter listener failed: {}", ex.toString());
            }
        }
    }
}
