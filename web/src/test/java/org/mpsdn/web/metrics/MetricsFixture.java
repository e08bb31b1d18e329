package org.mpsdn.web.metrics;

import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.regulation.RegulationService;

/**
 * Starts an {@link MpsdnMetrics} outside OSGi.
 */
public final class MetricsFixture {

    private MetricsFixture() {
    }

    /**
     * Wires and activates the metrics component.
     *
     * @param northbound northbound service
     * @param regulation regulation service
     * @return active metrics
     */
    public static MpsdnMetrics start(NorthboundService northbound, RegulationService regulation) {
        return start(northbound, regulation, null);
    }

    /**
     * Wires and activates the metrics component with a detection service.
     *
     * @param northbound northbound service
     * @param regulation regulation service
     * @param detection  detection service, may be null
     * @return active metrics
     */
    public static MpsdnMetrics start(NorthboundService northbound, RegulationService regulation,
                                     DetectionService detection) {
        MpsdnMetrics m = new MpsdnMetrics();
        m.northbound = northbound;
        m.regulation = regulation;
        m.detection = detection;
        m.activate();
        return m;
    }
}
