package org.mpsdn.api.detection;

import java.util.Objects;

/**
 * The station lists one AP's agent fed to the detector: how many lists, the last list's stations
 * (and how many of them had no MAC, identified by IP as an eNB reports its UEs), and the entries
 * rejected over all lists with the last reason.
 */
public final class StationFeedStats {
    private final String apId;
    private final long lists;
    private final int stations;
    private final int stationsWithoutMac;
    private final long entriesRejected;
    private final String lastRejection;

    /**
     * Creates a feed view.
     *
     * @param apId               AP id
     * @param lists              station lists received
     * @param stations           stations of the last list kept
     * @param stationsWithoutMac of those, stations without a MAC
     * @param entriesRejected    entries rejected over all lists (malformed IP or MAC)
     * @param lastRejection      why the last rejected entry was rejected, empty if none ever was
     */
    public StationFeedStats(String apId, long lists, int stations, int stationsWithoutMac, long entriesRejected,
                            String lastRejection) {
        this.apId = Objects.requireNonNull(apId, "apId");
        this.lists = lists;
        this.stations = stations;
        this.stationsWithoutMac = stationsWithoutMac;
        this.entriesRejected = entriesRejected;
        this.lastRejection = Objects.requireNonNull(lastRejection, "lastRejection");
    }

    /** @return AP id */
    public String apId() {
        return apId;
    }

    /** @return station lists received */
    public long lists() {
        return lists;
    }

    /** @return stations of the last list */
    public int stations() {
        return stations;
    }

    /** @return stations of the last list without a MAC */
    public int stationsWithoutMac() {
        return stationsWithoutMac;
    }

    /** @return entries rejected over all lists */
    public long entriesRejected() {
        return entriesRejected;
    }

    /** @return reason of the last rejection, empty if none */
    public String lastRejection() {
        return lastRejection;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StationFeedStats)) {
            return false;
        }
        StationFeedStats s = (StationFeedStats) o;
        return apId.equals(s.apId) && lists == s.lists && stations == s.stations
                && stationsWithoutMac == s.stationsWithoutMac && entriesRejected == s.entriesRejected
                && lastRejection.equals(s.lastRejection);
    }

    @Override
    public int hashCode() {
        return Objects.hash(apId, lists, stations, stationsWithoutMac, entriesRejected, lastRejection);
    }

    @Override
    public String toString() {
        return "StationFeed{" + apId + " lists=" + lists + " stations=" + stations + " withoutMac="
                + stationsWithoutMac + " rejected=" + entriesRejected + "}";
    }
}
