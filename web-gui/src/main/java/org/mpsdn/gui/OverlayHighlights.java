package org.mpsdn.gui;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.regulation.LimitDecision;
import org.onosproject.net.DefaultEdgeLink;
import org.onosproject.net.Host;
import org.onosproject.ui.topo.DeviceHighlight;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.LinkHighlight;
import org.onosproject.ui.topo.NodeBadge;
import org.onosproject.ui.topo.TopoUtils;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Builds the overlay's highlights from the northbound views. Pure.
 * <ul>
 * <li>each AP switch gets a badge with its downlink Tier-2 limit ({@code "3.0M"}, or {@code "-"}
 * when unlimited) whose status colours it by the signal the profile in force decided on against its
 * threshold (the Tier-1 station signal against tier1Threshold under mpsdn, MacOcc against CTh under paper
 * and for mpsdn's fallback), the higher of the directions' ratios: OK below {@value #WARN_FRACTION} x the
 * threshold, WARN up to it, ERROR at or above it; an AP failed open is at least WARN; an AP without a decision
 * yet has no status;</li>
 * <li>each UE connection whose interface is a known host is drawn on the host's edge link,
 * primary connections with the primary highlight, secondary ones with the secondary highlight.</li>
 * </ul>
 */
public final class OverlayHighlights {
    /** Fraction of the threshold from which an AP is shown as warning. */
    public static final double WARN_FRACTION = 0.8;

    private OverlayHighlights() {
    }

    /**
     * Status of an AP: its deciding signal against its threshold.
     *
     * @param ap AP view
     * @return badge status, empty when the AP has no decision yet
     */
    public static Optional<NodeBadge.Status> status(ApInfo ap) {
        double worst = -1.0;
        boolean failOpen = false;
        for (Direction d : Direction.values()) {
            Optional<LimitDecision> x = ap.decision(d);
            if (x.isEmpty()) {
                continue;
            }
            failOpen |= x.get().reason() == LimitReason.FAIL_OPEN;
            OptionalDouble v = x.get().signal();
            OptionalDouble t = x.get().threshold();
            if (v.isPresent() && t.isPresent() && t.getAsDouble() > 0) {
                worst = Math.max(worst, v.getAsDouble() / t.getAsDouble());
            }
        }
        if (worst >= 1.0) {
            return Optional.of(NodeBadge.Status.ERROR);
        }
        if (worst >= WARN_FRACTION || failOpen) {
            return Optional.of(NodeBadge.Status.WARN);
        }
        return worst >= 0.0 ? Optional.of(NodeBadge.Status.INFO) : Optional.empty();
    }

    /**
     * A direction's decision in words, e.g.
     * {@code TIER1_STATIONS 0.72 against 0.40: DECREASE (target 1.5M, cap 54.0M)}.
     *
     * @param x the decision, empty when none
     * @return the words
     */
    public static String decision(Optional<LimitDecision> x) {
        if (x.isEmpty()) {
            return "not decided yet";
        }
        LimitDecision d = x.get();
        String signal = d.source().isPresent() ? String.format(Locale.ROOT, "%s %.2f against %.2f: ",
                d.source().get(), d.signal().orElse(Double.NaN), d.threshold().orElse(Double.NaN)) : "no signal: ";
        String target = d.targetKbps().isPresent() ? String.format(Locale.ROOT, " (target %s, cap %s)",
                rateLabel(d.targetKbps()), rateLabel(d.capKbps())) : "";
        return signal + d.reason() + target;
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
     * @param ap AP view
     * @return message
     */
    public static String message(ApInfo ap) {
        StringBuilder sb = new StringBuilder(ap.id()).append(" (").append(ap.kind()).append(")");
        for (Direction d : Direction.values()) {
            if (!ap.directions().contains(d)) {
                continue;
            }
            String name = d.name().toLowerCase(Locale.ROOT);
            sb.append(String.format(Locale.ROOT, ", %s %s, Tier-2 %s", name, decision(ap.decision(d)),
                    ap.tier2LimitKbps(d).isPresent() ? rateLabel(ap.tier2LimitKbps(d)) + "b/s" : "unlimited"));
        }
        sb.append(", agent ").append(ap.agent().status());
        return sb.toString();
    }

    /**
     * Builds the highlights.
     *
     * @param aps         AP views
     * @param ues         UE views
     * @param hostByIp    resolves an interface IP to the ONOS host, if any
     * @param connections whether to draw UE connections
     * @return highlights
     */
    public static Highlights build(List<ApInfo> aps, List<UeInfo> ues, Function<String, Optional<Host>> hostByIp,
                                   boolean connections) {
        Highlights h = new Highlights();
        for (ApInfo ap : aps) {
            DeviceHighlight dh = new DeviceHighlight(ap.deviceId());
            String text = rateLabel(ap.tier2LimitKbps(Direction.DOWNLINK));
            Optional<NodeBadge.Status> st = status(ap);
            dh.setBadge(NodeBadge.text(st.orElse(NodeBadge.Status.INFO), text, message(ap)));
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
}
