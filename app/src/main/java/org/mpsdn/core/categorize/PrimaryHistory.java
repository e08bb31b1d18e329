package org.mpsdn.core.categorize;

/**
 * What primary selection knows of the last cycle: each device's previous primary connection, the hysteresis
 * margin h, and, where the profile confirms a change (mpsdn), which devices' own links are as they were and which
 * connection already beat their primary in the last cycle.
 * <p>
 * <b>Confirmation</b>: a device whose own links (its APs and their PHY rates) did not change since the last cycle
 * keeps its primary unless the connection chosen now was also the challenger of the last cycle. A primary then
 * moves at once when the user's own radio changed, and one cycle later when only the other stations changed: a
 * station that joins an AP reads its first cycle at its rate control's start rate (1 Mb/s in ns-3), which makes
 * every multipath user of that AP leave it for one cycle and come back (ns-3 mobility, replayed on seed 1:
 * 9 of 82 primary changes were such flaps, and no margin h up to 0.3 removed them).
 */
public final class PrimaryHistory {
    private static final PrimaryHistory NONE = new PrimaryHistory(null, 0.0, null, null);

    private final int[] previous;
    private final double hysteresis;
    private final boolean[] settled;
    private final int[] challenger;

    private PrimaryHistory(int[] previous, double hysteresis, boolean[] settled, int[] challenger) {
        this.previous = previous;
        this.hysteresis = hysteresis;
        this.settled = settled;
        this.challenger = challenger;
    }

    /**
     * Previous primaries and a margin, with no confirmation.
     *
     * @param previousPrimary per device index, its previous primary connection or -1; null when none is known
     * @param hysteresis      margin h &ge; 0 (ignored without previous primaries)
     * @return the history
     */
    public static PrimaryHistory of(int[] previousPrimary, double hysteresis) {
        return previousPrimary == null && hysteresis == 0.0 ? NONE
                : new PrimaryHistory(previousPrimary, hysteresis, null, null);
    }

    /**
     * Previous primaries, a margin and the confirmation of a change.
     *
     * @param previousPrimary per device index, its previous primary connection or -1
     * @param hysteresis      margin h &ge; 0
     * @param settled         per device index, whether its own links are as in the last cycle
     * @param challenger      per device index, the connection that beat its primary in the last cycle, or -1
     * @return the history
     * @throws IllegalArgumentException if an array is null or the lengths differ
     */
    public static PrimaryHistory confirming(int[] previousPrimary, double hysteresis, boolean[] settled,
                                            int[] challenger) {
        if (previousPrimary == null || settled == null || challenger == null
                || settled.length != previousPrimary.length || challenger.length != previousPrimary.length) {
            throw new IllegalArgumentException("previousPrimary, settled and challenger: one entry per device");
        }
        return new PrimaryHistory(previousPrimary, hysteresis, settled, challenger);
    }

    /**
     * A device's previous primary.
     *
     * @param ue device index
     * @return connection index, or -1
     */
    public int previous(int ue) {
        return previous == null ? -1 : previous[ue];
    }

    /** @return the margin h */
    public double hysteresis() {
        return hysteresis;
    }

    /**
     * The primary after confirmation: the chosen connection, or the previous primary when the device's links are
     * settled and the chosen connection did not beat it in the last cycle too (then the chosen connection is
     * recorded as this cycle's challenger).
     *
     * @param ue         device index
     * @param chosen     the connection selection chose
     * @param challenger per device index, this cycle's challengers (written)
     * @return the primary connection
     */
    int confirm(int ue, int chosen, int[] challenger) {
        int prev = previous(ue);
        if (settled == null || prev < 0 || chosen < 0 || chosen == prev || !settled[ue]
                || chosen == this.challenger[ue]) {
            return chosen;
        }
        challenger[ue] = chosen;
        return prev;
    }
}
