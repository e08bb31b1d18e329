package org.mpsdn.impl.telemetry;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Logs a problem that may recur many times a second (a stream that fails for every agent, at every
 * retry) without flooding the log: the first time at once, then at most once per repeat interval
 * (a minute by default) with the number of times it came since it was last logged. Problems are told
 * apart by a key (e.g. the gRPC code); the line logged is the last message given for the key.
 * Thread-safe.
 */
final class RepeatedProblemLog {
    /** Default time between two lines of the same problem. */
    static final long DEFAULT_REPEAT_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** When a problem was last logged and how often it came since. */
    private static final class Seen {
        long loggedAt;
        long since;
    }

    private final Consumer<String> out;
    private final LongSupplier nanoTime;
    private final long repeatNanos;
    /** Guarded by this. */
    private final Map<String, Seen> seen = new HashMap<>();

    /**
     * Creates the log.
     *
     * @param out         where lines go (e.g. a logger's warn)
     * @param nanoTime    monotonic clock, ns (System::nanoTime)
     * @param repeatNanos shortest time between two lines of the same problem, ns
     */
    RepeatedProblemLog(Consumer<String> out, LongSupplier nanoTime, long repeatNanos) {
        this.out = out;
        this.nanoTime = nanoTime;
        this.repeatNanos = repeatNanos;
    }

    /**
     * A problem came: logged the first time, then once per repeat interval with a count.
     *
     * @param key     which problem (lines are rate-limited per key)
     * @param message what happened this time
     * @return whether a line was logged
     */
    boolean problem(String key, String message) {
        String line;
        synchronized (this) {
            long now = nanoTime.getAsLong();
            Seen s = seen.get(key);
            if (s == null) {
                s = new Seen();
                s.loggedAt = now;
                seen.put(key, s);
                line = message + " (logged again at most every " + TimeUnit.NANOSECONDS.toSeconds(repeatNanos)
                        + " s, with a count)";
            } else {
                s.since++;
                if (now - s.loggedAt < repeatNanos) {
                    return false;
                }
                line = message + " (" + s.since + (s.since == 1 ? " time" : " times") + " in the last "
                        + TimeUnit.NANOSECONDS.toSeconds(now - s.loggedAt) + " s)";
                s.loggedAt = now;
                s.since = 0;
            }
        }
        out.accept(line);
        return true;
    }
}
