package org.mpsdn.api.detection;

/**
 * Read access to this ONOS instance's multipath-user detection (it sees the punted packets of the
 * AP switches this instance masters).
 */
public interface DetectionService {

    /**
     * Returns the detector's counters, station feeds, users and conflicts as of the last cycle.
     *
     * @return detection state
     */
    DetectionStats detection();
}
