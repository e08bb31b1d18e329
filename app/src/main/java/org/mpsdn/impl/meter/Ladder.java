package org.mpsdn.impl.meter;

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.MeterId;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * One AP direction's meter ladder (loop thread only): the rates of its rungs ({@link LadderRungs#rates}), the
 * meter of each rung (null: not submitted) and when it was submitted, plus its <i>exact rungs</i>: meters at
 * rates between the rungs that the {@code paper} profile's exact steps add ({@link MeterLadders#rung}).
 */
final class Ladder {
    final DeviceId deviceId;
    final long[] rates;
    final MeterId[] meters;
    final long[] since;
    /** Exact rungs: rate in kbit/s to its meter. */
    final Map<Long, MeterId> exact = new TreeMap<>();
    /** When each exact rung was submitted (or adopted), by rate. */
    final Map<Long, Long> exactSince = new TreeMap<>();

    Ladder(DeviceId deviceId, long[] rates) {
        this.deviceId = deviceId;
        this.rates = rates;
        this.meters = new MeterId[rates.length];
        this.since = new long[rates.length];
    }

    /**
     * The index of a rate among the rungs.
     *
     * @param rate a rate in kbit/s
     * @return its index, negative when it is no rung
     */
    int index(long rate) {
        return Arrays.binarySearch(rates, rate);
    }

    /**
     * The index of a rung's meter.
     *
     * @param meter a meter
     * @return its index, -1 when it is no rung's (an exact rung's or none)
     */
    int slot(MeterId meter) {
        for (int i = 0; i < meters.length; i++) {
            if (meter.equals(meters[i])) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The rate of an exact rung's meter.
     *
     * @param meter a meter
     * @return its rate in kbit/s, -1 when it is no exact rung's
     */
    long exactRate(MeterId meter) {
        return exact.entrySet().stream().filter(e -> e.getValue().equals(meter)).mapToLong(Map.Entry::getKey)
                .findFirst().orElse(-1L);
    }

    /**
     * Whether the ladder holds a meter, as a rung or an exact rung.
     *
     * @param meter a meter
     * @return true if it does
     */
    boolean holds(MeterId meter) {
        return slot(meter) >= 0 || exact.containsValue(meter);
    }

    /**
     * The meter at a rate, a rung's or an exact rung's.
     *
     * @param rate a rate in kbit/s
     * @return its meter, null when none is submitted
     */
    MeterId meterAt(long rate) {
        int i = index(rate);
        return i >= 0 ? meters[i] : exact.get(rate);
    }

    /**
     * Forgets a meter of the ladder (its rung becomes empty, an exact rung goes).
     *
     * @param meter the meter
     * @return its rate, -1 when the ladder did not hold it
     */
    long drop(MeterId meter) {
        int i = slot(meter);
        if (i >= 0) {
            meters[i] = null;
            return rates[i];
        }
        long rate = exactRate(meter);
        if (rate >= 0) {
            exact.remove(rate);
            exactSince.remove(rate);
        }
        return rate;
    }

    /**
     * Visits every submitted meter of the ladder with its rate.
     *
     * @param visit receives meter and rate
     */
    void forEach(BiConsumer<MeterId, Long> visit) {
        for (int i = 0; i < meters.length; i++) {
            if (meters[i] != null) {
                visit.accept(meters[i], rates[i]);
            }
        }
        Map.copyOf(exact).forEach((rate, meter) -> visit.accept(meter, rate));
    }
}
