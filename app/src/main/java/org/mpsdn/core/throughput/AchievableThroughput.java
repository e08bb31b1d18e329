package org.mpsdn.core.throughput;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.Checks;

/**
 * Per-connection achievable throughput across a WNS: dispatches each AP to the Wi-Fi
 * (Eq. 2) or LTE (Eq. 3) model by its kind.
 */
public final class AchievableThroughput implements ThroughputModel {
    private final WifiThroughputModel wifi;
    private final LteThroughputModel lte;

    /** Creates the default models: Bianchi collisions for Wi-Fi, PHY-rate weights for LTE. */
    public AchievableThroughput() {
        this(new WifiThroughputModel(), new LteThroughputModel());
    }

    /**
     * Creates the composite.
     *
     * @param wifi Wi-Fi model
     * @param lte  LTE model
     */
    public AchievableThroughput(WifiThroughputModel wifi, LteThroughputModel lte) {
        this.wifi = Checks.nonNull("wifi", wifi);
        this.lte = Checks.nonNull("lte", lte);
    }

    @Override
    public ApLoad newLoad(AccessPoint ap) {
        return ap.kind() == ApKind.WIFI ? wifi.newLoad(ap) : lte.newLoad(ap);
    }

    @Override
    public double meanTransmissions(AccessPoint ap, int activeStations) {
        return ap.kind() == ApKind.WIFI ? wifi.collisions().meanTransmissions(Math.max(1, activeStations)) : 1.0;
    }

    @Override
    public String toString() {
        return "AchievableThroughput{" + wifi + ", " + lte + "}";
    }
}
