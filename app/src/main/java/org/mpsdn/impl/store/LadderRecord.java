package org.mpsdn.impl.store;

import java.util.Arrays;
import java.util.Objects;

/**
 * One AP direction's meter ladder as the cluster keeps it, so that a new owner of the AP's domain resumes with the
 * same meters and submits no duplicate: the switch, the rates of the rungs with the meter of each (-1: none), and
 * the exact rungs (rate and meter). Immutable; flat types only (stored with Kryo).
 */
public final class LadderRecord {
    private final String deviceId;
    private final long[] rates;
    private final long[] meters;
    private final long[] exactRates;
    private final long[] exactMeters;

    /**
     * Creates a record.
     *
     * @param deviceId    the AP's switch
     * @param rates       rung rates in kbit/s, ascending
     * @param meters      meter id of each rung, -1 when it has none
     * @param exactRates  rates of the exact rungs in kbit/s
     * @param exactMeters meter id of each exact rung
     */
    public LadderRecord(String deviceId, long[] rates, long[] meters, long[] exactRates, long[] exactMeters) {
        if (rates.length != meters.length || exactRates.length != exactMeters.length) {
            throw new IllegalArgumentException("one meter per rung");
        }
        this.deviceId = Objects.requireNonNull(deviceId);
        this.rates = rates.clone();
        this.meters = meters.clone();
        this.exactRates = exactRates.clone();
        this.exactMeters = exactMeters.clone();
    }

    /** @return the AP's switch */
    public String deviceId() {
        return deviceId;
    }

    /** @return rung rates in kbit/s */
    public long[] rates() {
        return rates.clone();
    }

    /** @return meter id of each rung, -1 when it has none */
    public long[] meters() {
        return meters.clone();
    }

    /** @return rates of the exact rungs */
    public long[] exactRates() {
        return exactRates.clone();
    }

    /** @return meter id of each exact rung */
    public long[] exactMeters() {
        return exactMeters.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LadderRecord)) {
            return false;
        }
        LadderRecord r = (LadderRecord) o;
        return deviceId.equals(r.deviceId) && Arrays.equals(rates, r.rates) && Arrays.equals(meters, r.meters)
                && Arrays.equals(exactRates, r.exactRates) && Arrays.equals(exactMeters, r.exactMeters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, Arrays.hashCode(rates), Arrays.hashCode(meters), Arrays.hashCode(exactRates),
                Arrays.hashCode(exactMeters));
    }

    @Override
    public String toString() {
        return "LadderRecord{" + deviceId + " rates=" + Arrays.toString(rates) + " meters="
                + Arrays.toString(meters) + " exact=" + Arrays.toString(exactRates) + "}";
    }
}
