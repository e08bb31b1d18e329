package org.mpsdn.impl;

import org.onlab.util.Tools;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;

import static org.mpsdn.impl.OsgiPropertyConstants.ALPHA;
import static org.mpsdn.impl.OsgiPropertyConstants.ALPHA_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.CTH;
import static org.mpsdn.impl.OsgiPropertyConstants.CTH_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.DEADLOCK_BREAKER;
import static org.mpsdn.impl.OsgiPropertyConstants.DEADLOCK_BREAKER_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC;
import static org.mpsdn.impl.OsgiPropertyConstants.FLOW_IDLE_TIMEOUT_SEC_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS;
import static org.mpsdn.impl.OsgiPropertyConstants.METER_BURST_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS;
import static org.mpsdn.impl.OsgiPropertyConstants.RM_KBPS_DEFAULT;

/**
 * Validated values of the component properties. A bad value keeps the previous one and is
 * reported with the property name and the reason.
 */
public final class RegulationProperties {
    final int intervalMs;
    final double cth;
    final double alpha;
    final int rmKbps;
    final String deadlockBreaker;
    final int failOpenDelayMs;
    final int flowIdleTimeoutSec;
    final int meterBurstMs;

    private RegulationProperties(int intervalMs, double cth, double alpha, int rmKbps, String deadlockBreaker,
                                 int failOpenDelayMs, int flowIdleTimeoutSec, int meterBurstMs) {
        this.intervalMs = intervalMs;
        this.cth = cth;
        this.alpha = alpha;
        this.rmKbps = rmKbps;
        this.deadlockBreaker = deadlockBreaker;
        this.failOpenDelayMs = failOpenDelayMs;
        this.flowIdleTimeoutSec = flowIdleTimeoutSec;
        this.meterBurstMs = meterBurstMs;
    }

    /**
     * The defaults of {@link OsgiPropertyConstants}.
     *
     * @return default properties
     */
    public static RegulationProperties defaults() {
        return new RegulationProperties(INTERVAL_MS_DEFAULT, CTH_DEFAULT, ALPHA_DEFAULT, RM_KBPS_DEFAULT,
                DEADLOCK_BREAKER_DEFAULT, FAIL_OPEN_DELAY_MS_DEFAULT, FLOW_IDLE_TIMEOUT_SEC_DEFAULT,
                METER_BURST_MS_DEFAULT);
    }

    /**
     * Reads properties; absent ones keep the previous value, invalid ones too (reported in errors).
     *
     * @param props    component properties, may be null
     * @param previous values in force
     * @param errors   receives "name: reason" for each rejected value
     * @return the new values
     */
    public static RegulationProperties read(Dictionary<?, ?> props, RegulationProperties previous,
                                            List<String> errors) {
        if (props == null) {
            return previous;
        }
        int interval = intValue(props, INTERVAL_MS, previous.intervalMs, 100, 3_600_000, errors);
        double cth = doubleValue(props, CTH, previous.cth, 0.0, false, 1.0, true, errors);
        double alpha = doubleValue(props, ALPHA, previous.alpha, 0.0, false, 1.0, false, errors);
        int rm = intValue(props, RM_KBPS, previous.rmKbps, 1, 100_000_000, errors);
        String breaker = previous.deadlockBreaker;
        String b = Tools.get(props, DEADLOCK_BREAKER);
        if (b != null) {
            if ("priority".equals(b) || "baseline".equals(b)) {
                breaker = b;
            } else {
                errors.add(DEADLOCK_BREAKER + ": must be priority or baseline, was '" + b + "'");
            }
        }
        int failOpen = intValue(props, FAIL_OPEN_DELAY_MS, previous.failOpenDelayMs, 0, 86_400_000, errors);
        int idle = intValue(props, FLOW_IDLE_TIMEOUT_SEC, previous.flowIdleTimeoutSec, 1, 65535, errors);
        int burst = intValue(props, METER_BURST_MS, previous.meterBurstMs, 1, 10_000, errors);
        return new RegulationProperties(interval, cth, alpha, rm, breaker, failOpen, idle, burst);
    }

    /**
     * Same as {@link #read(Dictionary, RegulationProperties, List)} with a fresh error list.
     *
     * @param props    properties
     * @param previous values in force
     * @return the new values
     */
    public static RegulationProperties read(Dictionary<?, ?> props, RegulationProperties previous) {
        return read(props, previous, new ArrayList<>());
    }

    private static int intValue(Dictionary<?, ?> props, String name, int previous, int min, int max,
                                List<String> errors) {
        String s = Tools.get(props, name);
        if (s == null) {
            return previous;
        }
        try {
            int v = Integer.parseInt(s.trim());
            if (v < min || v > max) {
                errors.add(name + ": must be in [" + min + ", " + max + "], was " + v);
                return previous;
            }
            return v;
        } catch (NumberFormatException e) {
            errors.add(name + ": not an integer: '" + s + "'");
            return previous;
        }
    }

    private static double doubleValue(Dictionary<?, ?> props, String name, double previous, double min,
                                      boolean minInclusive, double max, boolean maxInclusive,
                                      List<String> errors) {
        String s = Tools.get(props, name);
        if (s == null) {
            return previous;
        }
        try {
            double v = Double.parseDouble(s.trim());
            boolean ok = !Double.isNaN(v) && (minInclusive ? v >= min : v > min)
                    && (maxInclusive ? v <= max : v < max);
            if (!ok) {
                errors.add(name + ": must be in " + (minInclusive ? "[" : "(") + min + ", " + max
                        + (maxInclusive ? "]" : ")") + ", was " + v);
                return previous;
            }
            return v;
        } catch (NumberFormatException e) {
            errors.add(name + ": not a number: '" + s + "'");
            return previous;
        }
    }

    /** @return cycle interval in milliseconds */
    public int intervalMs() {
        return intervalMs;
    }

    /** @return CTh */
    public double cth() {
        return cth;
    }

    /** @return alpha */
    public double alpha() {
        return alpha;
    }

    /** @return R_m in kbit/s */
    public int rmKbps() {
        return rmKbps;
    }

    /** @return deadlock breaker */
    public String deadlockBreaker() {
        return deadlockBreaker;
    }

    /** @return fail-open delay in milliseconds */
    public int failOpenDelayMs() {
        return failOpenDelayMs;
    }

    /** @return per-flow idle timeout in seconds */
    public int flowIdleTimeoutSec() {
        return flowIdleTimeoutSec;
    }

    /** @return meter burst window in milliseconds */
    public int meterBurstMs() {
        return meterBurstMs;
    }
}
