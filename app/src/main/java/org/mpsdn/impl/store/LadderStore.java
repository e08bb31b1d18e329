package org.mpsdn.impl.store;

import java.util.Optional;

/**
 * The meter ladders of the AP directions, shared in the cluster (loop-thread callers; one writer per AP: the owner
 * of its domain). Keyed by AP id and direction name.
 */
public interface LadderStore {

    /**
     * The ladder of an AP direction.
     *
     * @param apId      AP id
     * @param direction direction name
     * @return the record, empty when none is stored
     */
    Optional<LadderRecord> ladder(String apId, String direction);

    /**
     * Stores the ladder of an AP direction (replacing the earlier one).
     *
     * @param apId      AP id
     * @param direction direction name
     * @param ladder    the ladder
     */
    void putLadder(String apId, String direction, LadderRecord ladder);

    /**
     * Forgets the ladder of an AP direction.
     *
     * @param apId      AP id
     * @param direction direction name
     */
    void removeLadder(String apId, String direction);

    /** A store that keeps nothing (a single instance that need not share its ladders). */
    LadderStore NONE = new LadderStore() {
        @Override
        public Optional<LadderRecord> ladder(String apId, String direction) {
            return Optional.empty();
        }

        @Override
        public void putLadder(String apId, String direction, LadderRecord ladder) {
        }

        @Override
        public void removeLadder(String apId, String direction) {
        }
    };
}
