package org.mpsdn.core.model;

/**
 * A {@link NetworkSnapshot} taken from a {@link LiveNetwork}, with the handle of each of its flows.
 */
public final class LiveSnapshot {
    private final NetworkSnapshot snapshot;
    private final int[] handles;

    LiveSnapshot(NetworkSnapshot snapshot, int[] handles) {
        this.snapshot = snapshot;
        this.handles = handles;
    }

    /** @return the snapshot */
    public NetworkSnapshot snapshot() {
        return snapshot;
    }

    /**
     * The handle of a flow of the snapshot.
     *
     * @param flow flow index in the snapshot
     * @return its handle in the live network
     */
    public int flowHandle(int flow) {
        return handles[flow];
    }
}
