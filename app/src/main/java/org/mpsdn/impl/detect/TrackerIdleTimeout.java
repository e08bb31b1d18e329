package org.mpsdn.impl.detect;

import org.mpsdn.mptcp.MultipathUserTracker;

import java.util.function.Consumer;

/**
 * The multipath-user tracker's idle timeout: a flow with neither a punted packet nor a moving rule
 * byte counter for this long is dropped. The product default is
 * {@link MultipathUserTracker#DEFAULT_IDLE_TIMEOUT_MILLIS} (10 min); the JVM system property
 * {@value #PROPERTY} (milliseconds, e.g. in ONOS's {@code JAVA_OPTS}, or the lab host's java command
 * for a short soak that crosses the expiry) shortens or lengthens it. It is read once, when the
 * detection starts.
 *
 * <p>The minimum, {@value #MIN_MILLIS} ms, keeps a live flow from expiring between two refreshes: a
 * long flow is kept alive by its rule's byte counter, which ONOS 2.7.0 updates at each flow
 * statistics poll (every 5 s, OpenFlowRuleProvider flowPollFrequency) and the regulation cycle reads
 * every interval; 30 s is six polls.
 */
public final class TrackerIdleTimeout {
    /** System property with the idle timeout in milliseconds. */
    public static final String PROPERTY = "mpsdn.detection.idleTimeoutMs";
    /** Smallest accepted timeout. */
    public static final long MIN_MILLIS = 30_000;

    private TrackerIdleTimeout() {
    }

    /**
     * The timeout set by the system property {@value #PROPERTY}, or the default.
     *
     * @param warn receives the reason when the property is set but not accepted
     * @return idle timeout in milliseconds
     */
    public static long fromSystem(Consumer<String> warn) {
        return parse(System.getProperty(PROPERTY), warn);
    }

    /**
     * Parses a timeout: absent or blank gives the default; a value that is not a whole number of
     * milliseconds or is below {@link #MIN_MILLIS} gives the default and a warning.
     *
     * @param value the property's value, may be null
     * @param warn  receives the reason a value is not accepted
     * @return idle timeout in milliseconds
     */
    static long parse(String value, Consumer<String> warn) {
        long dflt = MultipathUserTracker.DEFAULT_IDLE_TIMEOUT_MILLIS;
        if (value == null || value.isBlank()) {
            return dflt;
        }
        long ms;
        try {
            ms = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            warn.accept(PROPERTY + "=" + value + ": not a whole number of milliseconds; using " + dflt);
            return dflt;
        }
        if (ms < MIN_MILLIS) {
            warn.accept(PROPERTY + "=" + value + ": below the minimum " + MIN_MILLIS + " ms; using " + dflt);
            return dflt;
        }
        return ms;
    }
}
