package org.mpsdn.api.model;

/**
 * Direction of data as seen from the user equipment.
 */
public enum Direction {
    /** Towards the UE: server to AP to UE. */
    DOWNLINK,
    /** From the UE: UE to AP to server. */
    UPLINK;

    /**
     * Returns the opposite direction (the one carrying this direction's ACKs).
     *
     * @return the reverse direction
     */
    public Direction reverse() {
        return this == DOWNLINK ? UPLINK : DOWNLINK;
    }
}
