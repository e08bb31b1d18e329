package org.mpsdn.core.categorize;

import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.throughput.ThroughputModel;

/**
 * Selects each device's primary connection: the one with the maximal achievable throughput
 * (Algorithm 1, line 3), the estimation deadlock broken by an implementation.
 */
public interface PrimarySelector {

    /**
     * Selects primaries.
     *
     * @param snapshot        the network
     * @param model           achievable-throughput model
     * @param previousPrimary per device index, its previous primary connection index in this
     *                        snapshot or -1; null when there is no hysteresis
     * @param hysteresis      margin h &ge; 0: a previous primary is kept unless another connection
     *                        promises more than (1 + h) times its throughput; ignored when
     *                        previousPrimary is null
     * @return the selection
     */
    default PrimarySelection select(NetworkSnapshot snapshot, ThroughputModel model, int[] previousPrimary,
                                    double hysteresis) {
        return select(snapshot, model, PrimaryHistory.of(previousPrimary, hysteresis));
    }

    /**
     * Selects primaries against what the last cycle left.
     *
     * @param snapshot the network
     * @param model    achievable-throughput model
     * @param history  the previous primaries, the hysteresis and the confirmation of a change
     * @return the selection
     */
    PrimarySelection select(NetworkSnapshot snapshot, ThroughputModel model, PrimaryHistory history);
}
