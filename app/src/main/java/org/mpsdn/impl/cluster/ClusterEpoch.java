package org.mpsdn.impl.cluster;

import org.onosproject.store.service.AtomicCounter;

import java.util.function.LongSupplier;

/**
 * The epochs of the client weights, from one cluster-wide {@link AtomicCounter}: each epoch taken is larger than
 * every epoch taken before in the cluster and than the wall clock (so it also exceeds the wall-clock epochs a
 * client may have applied from an earlier version). A client drops an update whose epoch is not newer, so an
 * instance that takes over a client takes a new epoch here.
 */
public final class ClusterEpoch implements LongSupplier {
    /** Name of the counter in ONOS's storage service. */
    public static final String COUNTER = "mpsdn-weights-epoch";

    private final AtomicCounter counter;
    private final LongSupplier clock;

    /**
     * Creates the epoch source.
     *
     * @param counter the cluster's counter
     * @param clock   wall clock in milliseconds
     */
    public ClusterEpoch(AtomicCounter counter, LongSupplier clock) {
        this.counter = counter;
        this.clock = clock;
    }

    /**
     * Takes a new epoch: max(last epoch of the cluster + 1, wall clock), set atomically.
     *
     * @return the epoch
     */
    @Override
    public long getAsLong() {
        while (true) {
            long last = counter.get();
            long next = Math.max(last + 1, clock.getAsLong());
            if (counter.compareAndSet(last, next)) {
                return next;
            }
        }
    }
}
