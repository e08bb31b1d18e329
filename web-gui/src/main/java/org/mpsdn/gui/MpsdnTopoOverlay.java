package org.mpsdn.gui;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.onosproject.net.DeviceId;
import org.onosproject.ui.UiTopoOverlay;
import org.onosproject.ui.topo.PropertyPanel;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * The overlay: adds the AP's regulation state to the details panel of an AP switch.
 */
public class MpsdnTopoOverlay extends UiTopoOverlay {
    /** Overlay id; must match the JavaScript overlay. */
    public static final String OVERLAY_ID = "mpsdn-overlay";

    private final Supplier<NorthboundService> northbound;

    /**
     * Creates the overlay.
     *
     * @param northbound supplies the northbound service
     */
    public MpsdnTopoOverlay(Supplier<NorthboundService> northbound) {
        super(OVERLAY_ID);
        this.northbound = northbound;
    }

    private static String occ(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.2f", v.getAsDouble()) : "unknown";
    }

    @Override
    public void modifyDeviceDetails(PropertyPanel pp, DeviceId deviceId) {
        NorthboundService nb = northbound.get();
        Optional<ApInfo> found = nb.aps().stream().filter(a -> a.deviceId().equals(deviceId.toString()))
                .findFirst();
        if (found.isEmpty()) {
            return;
        }
        ApInfo ap = found.get();
        int primary = 0;
        int secondary = 0;
        for (UeInfo ue : nb.ues()) {
            for (UeConnection c : ue.connections()) {
                if (c.apId().equals(ap.id())) {
                    if (c.primary()) {
                        primary++;
                    } else {
                        secondary++;
                    }
                }
            }
        }
        pp.addSeparator();
        pp.addProp("mpsdnAp", "mpsdn AP", ap.id() + " (" + ap.kind() + ")");
        for (Direction d : Direction.values()) {
            if (!ap.directions().contains(d)) {
                continue;
            }
            String n = d == Direction.DOWNLINK ? "DL" : "UL";
            pp.addProp("mpsdnOcc" + n, "Occupancy " + n, occ(ap.occupancy(d)));
            pp.addProp("mpsdnDecision" + n, "Decision " + n, OverlayHighlights.decision(ap.decision(d)));
            pp.addProp("mpsdnLimit" + n, "Tier-2 " + n, ap.tier2LimitKbps(d).isPresent()
                    ? OverlayHighlights.rateLabel(ap.tier2LimitKbps(d)) + "b/s" : "unlimited");
        }
        pp.addProp("mpsdnFlows", "Flows T1/T2", ap.flowCount(Tier.TIER1) + "/" + ap.flowCount(Tier.TIER2));
        pp.addProp("mpsdnUes", "UEs primary/secondary", primary + "/" + secondary);
        pp.addProp("mpsdnAgent", "Agent", ap.agent().status() + " (" + ap.agent().endpoint() + ")");
    }
}
