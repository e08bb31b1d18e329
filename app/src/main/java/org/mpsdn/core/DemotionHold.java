package org.mpsdn.core;

import org.mpsdn.core.model.Checks;

import java.util.Objects;

/**
 * A multipath user's old primary AP whose connection stays in Tier 1 after the user's primary moved (the mpsdn
 * profile's demotion hold, see {@link DemotionHolds}), and for how many cycles it has been held.
 */
public final class DemotionHold {
    private final String apId;
    private final int cycles;

    /**
     * Creates a hold.
     *
     * @param apId   the old primary AP
     * @param cycles the cycles the hold has lasted, &ge; 1
     * @throws IllegalArgumentException on a blank id or cycles &lt; 1
     */
    public DemotionHold(String apId, int cycles) {
        this.apId = Checks.id("apId", apId);
        this.cycles = (int) Checks.inRange("cycles", cycles, 1, Integer.MAX_VALUE);
    }

    /** @return the old primary AP */
    public String apId() {
        return apId;
    }

    /** @return the cycles the hold has lasted */
    public int cycles() {
        return cycles;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DemotionHold && ((DemotionHold) o).apId.equals(apId) && ((DemotionHold) o).cycles == cycles;
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, cycles);
    }

    @Override
    public String toString() {
        return apId + " (" + cycles + " cycles)";
    }
}
