package org.mpsdn.impl.loop;

import org.mpsdn.impl.meter.StepListener;
import org.slf4j.Logger;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * What goes wrong at single APs. Faults: an exception that ONOS raises for one AP (a meter that cannot get an id,
 * {@code MeterService.submit} throwing {@code IllegalArgumentException}; a flow store that cannot
 * answer during a mastership change, {@code getFlowEntries} throwing {@code FlowRuleStoreException})
 * is caught at that AP, so the other APs are still regulated. Each AP's faults are counted (and told
 * to the metrics); the first of a run of faults is logged with its cause, the end of the run with
 * the number of faults in it. Late rate steps: a step whose meter ONOS has not confirmed after two
 * meter-stats polls is counted (and told to the metrics); the stepper logs it.
 */
public final class ApIncidents implements StepListener {
    private final Logger log = getLogger(getClass());
    private final Map<String, AtomicLong> total = new ConcurrentHashMap<>();
    private final Map<String, Long> inRun = new ConcurrentHashMap<>();
    private final AtomicLong lateSteps = new AtomicLong();
    private final Consumer<String> onFault;
    private final Consumer<String> onLate;

    /**
     * Creates the counters.
     *
     * @param onFault told the AP id of each fault (metrics)
     * @param onLate  told the AP id of each late step (metrics)
     */
    public ApIncidents(Consumer<String> onFault, Consumer<String> onLate) {
        this.onFault = onFault;
        this.onLate = onLate;
    }

    /**
     * Runs one AP's part of a piece of work; an exception is recorded as a fault of that AP.
     *
     * @param apId AP id
     * @param what what was done, for the log ("reading its flow entries")
     * @param work the work
     * @return true if it completed
     */
    public boolean run(String apId, String what, Runnable work) {
        try {
            work.run();
            return true;
        } catch (RuntimeException e) {
            failed(apId, what, e);
            return false;
        }
    }

    /**
     * Records a fault of an AP.
     *
     * @param apId AP id
     * @param what what failed
     * @param e    the exception
     */
    public void failed(String apId, String what, RuntimeException e) {
        total.computeIfAbsent(apId, k -> new AtomicLong()).incrementAndGet();
        long n = inRun.merge(apId, 1L, Long::sum);
        if (n == 1) {
            log.warn("AP {}: {} failed ({}); the other APs are regulated, the fault is counted while it lasts",
                     apId, what, e.toString());
            log.debug("AP {} fault", apId, e);
        }
        onFault.accept(apId);
    }

    @Override
    public void fault(String apId, RuntimeException e) {
        failed(apId, "checking its rate step", e);
    }

    @Override
    public void late(String apId) {
        lateSteps.incrementAndGet();
        onLate.accept(apId);
    }

    /**
     * Number of rate steps that were late so far.
     *
     * @return count
     */
    public long lateSteps() {
        return lateSteps.get();
    }

    /**
     * An AP went through a cycle without a fault: a run of faults ends.
     *
     * @param apId AP id
     */
    public void succeeded(String apId) {
        Long n = inRun.remove(apId);
        if (n != null) {
            log.info("AP {}: regulated again after {} faults", apId, n);
        }
    }

    /**
     * Number of faults of an AP so far.
     *
     * @param apId AP id
     * @return count
     */
    public long count(String apId) {
        AtomicLong n = total.get(apId);
        return n == null ? 0 : n.get();
    }
}
