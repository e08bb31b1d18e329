package org.mpsdn.gui;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.onosproject.net.DefaultEdgeLink;
import org.onosproject.net.Host;
import org.onosproject.ui.topo.DeviceHighlight;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.LinkHighlight;
import org.onosproject.ui.topo.NodeBadge;
import org.onosproject.ui.topo.TopoUtils;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Builds the overlay's highlights from the northbound views. Pure.
 * <ul>
 * <li>each AP switch gets a badge with its downlink Tier-2 limit ({@code "3.0M"}, or {@code "-"}
 * when unlimited) whose status colours it by the higher direction's occupancy against the AP's
 * CTh: OK below {@value #WARN_FRACTION} x CTh, WARN up to CTh, ERROR at or above CTh;</li>
 * <li>each UE connection whose interface is a known host is drawn on the host's edge link,
 * primary connections with the primary highlight, secondary ones with the secondary highlight.</li>
 * </ul>
 */
public final class OverlayHighlights {
    /** Fraction of CTh from which an AP is shown as warning. */
    public static final double WARN_FRACTION = 0.8;

    private OverlayHighlights() {
    }

    /**
     * Effective CTh of an AP.
     *
     * @param ap        AP view
     * @param globalCth global CTh
     * @return the AP's override, else the global value
     */
    public static double cth(ApInfo ap, double globalCth) {
        return ap.override().cth().orElse(globalCth);
    }

    /**
     * Status of an AP: occupancy against CTh.
     *
     * @param ap        AP view
     * @param globalCth global CTh
     * @return badge status, empty when no occupancy is known
     */
    public static Optional<NodeBadge.Status> status(ApInfo ap, double globalCth) {
        OptionalDouble max = maxOccupancy(ap);
        if (max.isEmpty()) {
            return Optional.empty();
        }
        double c = cth(ap, globalCth);
        double v = max.getAsDouble();
        if (v >= c) {
            return Optional.of(NodeBadge.Status.ERROR);
        }
        return Optional.of(v >= WARN_FRACTION * c ? NodeBadge.Status.WARN : NodeBadge.Status.INFO);
    }

    private static OptionalDouble maxOccupancy(ApInfo ap) {
        OptionalDouble best = OptionalDouble.empty();
        for (Direction d : Direction.values()) {
            OptionalDouble v = ap.occupancy(d);
            if (v.isPresent() && (best.isEmpty() || v.getAsDouble() > best.getAsDouble())) {
                best = v;
            }
        }
        return best;
    }

    /**
     * Compact rate label: 3000 kbit/s becomes {@code "3.0M"}.
     *
     * @param kbps rate in kbit/s, empty for unlimited
     * @return label
     */
    public static String rateLabel(OptionalLong kbps) {
        if (kbps.isEmpty()) {
            return "-";
        }
        long v = kbps.getAsLong();
        if (v >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1fG", v / 1e6);
        }
        if (v >= 1_000) {
            return String.format(Locale.ROOT, "%.1fM", v / 1e3);
        }
        return v + "k";
    }

    /**
     * Tooltip of an AP badge.
     *
     * @param ap        AP view
     * @param globalCth global CTh
     * @return message
     */
    public static String message(ApInfo ap, double globalCth) {
        StringBuilder sb = new StringBuilder(ap.id()).append(" (").append(ap.kind()).append(")");
        for (Direction d : Direction.values()) {
            if (!ap.directions().contains(d)) {
                continue;
            }
            String name = d.name().toLowerCase(Locale.ROOT);
            OptionalDouble occ = ap.occupancy(d);
            sb.append(String.format(Locale.ROOT, ", %s occupancy %s, Tier-2 %s", name,
                    occ.isPresent() ? String.format(Locale.ROOT, "%.2f", occ.getAsDouble()) : "unknown",
                    ap.tier2LimitKbps(d).isPresent() ? rateLabel(ap.tier2LimitKbps(d)) + "b/s" : "unlimited"));
        }
        sb.append(String.format(Locale.ROOT, ", CTh %.2f, agent %s", cth(ap, globalCth), ap.agent().status()));
        return sb.toString();
    }

    /**
     * Builds the highlights.
     *
     * @param aps         AP views
     * @param ues         UE views
     * @param globalCth   global CTh
     * @param hostByIp    resolves an interface IP to the ONOS host, if any
     * @param connections whether to draw UE connections
     * @return highlights
     */
    public static Highlights build(List<ApInfo> aps, List<UeInfo> ues, double globalCth,
                                   Function<String, Optional<Host>> hostByIp, boolean connections) {
        Highlights h = new Highlights();
        for (ApInfo ap : aps) {
            DeviceHighlight dh = new DeviceHighlight(ap.deviceId());
            String text = rateLabel(ap.tier2LimitKbps(Direction.DOWNLINK));
            Optional<NodeBadge.Status> st = status(ap, globalCth);
            dh.setBadge(NodeBadge.text(st.orElse(NodeBadge.Status.INFO), text, message(ap, globalCth)));
            h.add(dh);
        }
        if (!connections) {
            return h;
        }
        for (UeInfo ue : ues) {
            for (UeConnection c : ue.connections()) {
                if (c.ip().isEmpty()) {
                    continue;
                }
                Optional<Host> host = hostByIp.apply(c.ip());
                if (host.isEmpty()) {
                    continue;
                }
                String id = TopoUtils.compactLinkString(DefaultEdgeLink.createEdgeLink(host.get(), true));
                LinkHighlight lh = new LinkHighlight(id, c.primary() ? LinkHighlight.Flavor.PRIMARY_HIGHLIGHT
                        : LinkHighlight.Flavor.SECONDARY_HIGHLIGHT);
                lh.setLabel(ue.id() + (c.primary() ? " primary" : " secondary")
                        + c.tier().map(t -> " " + t.name()).orElse(""));
                h.add(lh);
            }
        }
        return h;
    }

    /**
     * Reads the global CTh from the parameters.
     *
     * @param parameters parameter map
     * @return CTh, 0.85 if absent or malformed
     */
    public static double globalCth(Map<String, String> parameters) {
        try {
            return Double.parseDouble(parameters.getOrDefault("cth", "0.85"));
        } catch (NumberFormatException e) {
            return 0.85;
        }
    }
}
