package org.mpsdn.sim.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.Measurements;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.StationLoad;

/**
 * A cycle's optional station queues ({@code "stations":[{"ap","dir","ue","occ","sent"},…]},
 * sim/README.md) into {@link Measurements.Builder#station}; {@code "sent"} (bit/s the station was
 * served at over the epoch) is optional too, absent it is {@link StationLoad#UNKNOWN}. A malformed
 * entry ({@code "sent"} negative or NaN too) is skipped and counted (the decision's
 * {@code invalidStations}, with the first one's reason in {@code stationError}): one bad station
 * reading does not cost the cycle its other measurements. A {@code stations} field that is not an
 * array is an error of the whole request, as for every other field.
 */
final class StationReadings {
    private int invalid;
    private String firstError;

    /**
     * Adds the cycle's station readings, if any.
     *
     * @param cycle the cycle request
     * @param m     the measurements being built
     * @return this (the counts of the skipped entries)
     */
    StationReadings read(JsonNode cycle, Measurements.Builder m) {
        JsonNode stations = cycle.get("stations");
        if (stations == null || stations.isNull()) {
            return this; // an older scenario: the mpsdn profile falls back to MacOcc
        }
        int i = 0;
        for (JsonNode st : Json.array(cycle, "stations", "cycle")) {
            try {
                m.station(new ApDirection(Json.text(st, "ap", "stations[]"),
                        Json.enumValue(st, "dir", "stations[]", Direction.class)), load(st));
            } catch (BridgeException | IllegalArgumentException e) {
                invalid++;
                if (firstError == null) {
                    firstError = "stations[" + i + "]: " + e.getMessage();
                }
            }
            i++;
        }
        return this;
    }

    private static StationLoad load(JsonNode st) {
        JsonNode ue = st.get("ue");
        String id = null; // absent: a station the source could not match to a device
        if (ue != null && !ue.isNull()) {
            id = Json.text(st, "ue", "stations[]");
        }
        return new StationLoad(id, Json.number(st, "occ", "stations[]"), sent(st));
    }

    private static long sent(JsonNode st) {
        JsonNode v = st.get("sent");
        if (v == null || v.isNull()) {
            return StationLoad.UNKNOWN; // a scenario that does not measure it
        }
        double bps = Json.number(st, "sent", "stations[]");
        if (!(bps >= 0)) { // also NaN
            throw new BridgeException("field 'sent' of stations[] must be a rate >= 0 bit/s, got " + v);
        }
        return Math.round(bps);
    }

    /**
     * Entries skipped as malformed.
     *
     * @return their number
     */
    int invalid() {
        return invalid;
    }

    /**
     * Why the first skipped entry was skipped.
     *
     * @return the reason, naming the entry's index, or null when none was skipped
     */
    String firstError() {
        return firstError;
    }
}
