package org.mpsdn.impl.detect;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Logs lists with bad entries that recur every cycle (an agent's station list) without flooding
 * the log: once when they appear, again only when the number of bad entries changes or, while it
 * stays the same, every {@code repeatMillis} with the number of lists since, and once when a list
 * comes without any. Not thread-safe: used on the regulation loop's thread.
 */
final class RejectedEntriesLog {
    /** Default time between two reminders of an unchanged problem. */
    static final long DEFAULT_REPEAT_MILLIS = 600_000;

    /** One source's bad entries since they were last logged. */
    private static final class Problem {
        int count;
        long loggedAt;
        long listsSinceLog;
        long lists;
    }

    private final Consumer<String> warn;
    private final Consumer<String> info;
    private final long repeatMillis;
    private final Map<String, Problem> problems = new HashMap<>();

    /**
     * Creates the log.
     *
     * @param warn         where bad entries are logged (WARN)
     * @param info         where their end is logged (INFO)
     * @param repeatMillis time between two reminders of an unchanged count
     */
    RejectedEntriesLog(Consumer<String> warn, Consumer<String> info, long repeatMillis) {
        this.warn = warn;
        this.info = info;
        this.repeatMillis = repeatMillis;
    }

    private static String entries(int n) {
        return n + (n == 1 ? " bad entry" : " bad entries");
    }

    /**
     * Reports a list with bad entries.
     *
     * @param source  the list's source (e.g. "Station list of lte")
     * @param count   how many entries were rejected
     * @param example one rejected entry and why
     * @param now     current time
     */
    void rejected(String source, int count, String example, long now) {
        Problem p = problems.get(source);
        if (p == null) {
            p = new Problem();
            p.count = count;
            p.lists = 1;
            p.loggedAt = now;
            problems.put(source, p);
            warn.accept(source + ": " + entries(count) + " ignored, e.g. " + example + " (the rest of the list is"
                    + " used; logged again when the count changes or every " + repeatMillis / 1000 + " s)");
            return;
        }
        p.lists++;
        p.listsSinceLog++;
        if (count != p.count) {
            warn.accept(source + ": now " + entries(count) + " ignored (was " + p.count + " in the "
                    + p.listsSinceLog + " lists before), e.g. " + example);
        } else if (now - p.loggedAt >= repeatMillis) {
            warn.accept(source + ": still " + entries(count) + " ignored in each of the " + p.listsSinceLog
                    + " lists since last logged, e.g. " + example);
        } else {
            return;
        }
        p.count = count;
        p.loggedAt = now;
        p.listsSinceLog = 0;
    }

    /**
     * Reports a list without bad entries: logs the end of the problem if it was open.
     *
     * @param source the list's source
     */
    void clean(String source) {
        Problem p = problems.remove(source);
        if (p != null) {
            info.accept(source + ": no bad entry any more (after " + p.lists + " lists with bad entries)");
        }
    }
}
