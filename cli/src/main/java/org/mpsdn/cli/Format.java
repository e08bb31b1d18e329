package org.mpsdn.cli;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;

import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * One-line text renderings of the northbound views.
 */
final class Format {

    private Format() {
    }

    private static String occ(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.2f", v.getAsDouble()) : "-";
    }

    private static String limit(OptionalLong v) {
        return v.isPresent() ? String.valueOf(v.getAsLong()) : "unlimited";
    }

    static String ap(ApInfo a) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "id=%s, kind=%s, device=%s, "
                        + "capacityKbps=%d, occupancy(dl/ul)=%s/%s, tier2LimitKbps(dl/ul)=%s/%s, flows(t1/t2)=%d/%d, "
                        + "agent=%s(missed=%d), domain=%s, owner=%s",
                a.id(), a.kind(), a.deviceId(), a.capacityKbps(),
                occ(a.occupancy(Direction.DOWNLINK)), occ(a.occupancy(Direction.UPLINK)),
                limit(a.tier2LimitKbps(Direction.DOWNLINK)), limit(a.tier2LimitKbps(Direction.UPLINK)),
                a.flowCount(Tier.TIER1), a.flowCount(Tier.TIER2), a.agent().status(), a.agent().missedCycles(),
                a.domain(), a.owner().isEmpty() ? "none" : a.owner()));
        for (Direction d : Direction.values()) {
            a.decision(d).ifPresent(x -> sb.append("\n  ").append(decision(d, x)));
        }
        return sb.toString();
    }

    /**
     * One direction's last decision, e.g. {@code downlink: DECREASE, signal=TIER1_STATIONS 0.72 (threshold 0.40),
     * target=1500 kbps, cap=54000 kbps (signal at or above its threshold: halved)}.
     *
     * @param d direction
     * @param x the decision
     * @return the line
     */
    static String decision(Direction d, LimitDecision x) {
        String signal = x.source().isPresent() ? String.format(Locale.ROOT, "%s %.2f (threshold %.2f)",
                x.source().get(), x.signal().orElse(Double.NaN), x.threshold().orElse(Double.NaN)) : "none";
        return String.format(Locale.ROOT, "%s: %s, signal=%s, target=%s, cap=%s (%s)",
                d.name().toLowerCase(Locale.ROOT), x.reason(), signal, kbps(x.targetKbps()), kbps(x.capKbps()),
                x.note());
    }

    private static String kbps(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() + " kbps" : "-";
    }

    /**
     * The mark of a parameter the profile in force ignores.
     *
     * @param reason why it is ignored, null when it is read
     * @return {@code " (ignored: <reason>)"}, or "" when it is read
     */
    static String ignored(String reason) {
        return reason == null ? "" : " (ignored: " + reason + ")";
    }

    static String ue(UeInfo u) {
        // found: how the controller knows the UE (registered, detected, both, or only an AP's station)
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "id=%s, registered=%s, primary=%s, found=%s",
                u.id(), u.registered(), u.primaryAp().orElse("-"), u.source().name().toLowerCase(Locale.ROOT)));
        for (UeConnection c : u.connections()) {
            sb.append(String.format(Locale.ROOT, "%n    ap=%s, ip=%s, rssi=%.1f dBm, phy(tx/rx)=%d/%d bps, %s, tier=%s",
                    c.apId(), c.ip(), c.rssiDbm(), c.txPhyRateBps(), c.rxPhyRateBps(),
                    c.primary() ? "primary" : "secondary", c.tier().map(Enum::name).orElse("-")));
        }
        return sb.toString();
    }

    static String flow(ManagedFlow f) {
        return String.format(Locale.ROOT, "ap=%s, ue=%s, %s, %s, %s, bytes=%d, rate=%.0f bps",
                f.apId(), f.ueId(), f.fiveTuple(), f.direction(), f.tier(), f.bytes(), f.rateBps());
    }

    static String intent(MpsdnIntent i) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "id=%s, kind=%s, target=%s, state=%s",
                i.id(), i.kind(), i.target(), i.state()));
        if (i.mode() != null) {
            sb.append(", mode=").append(i.mode());
        }
        if (i.apId() != null) {
            sb.append(", ap=").append(i.apId());
        }
        if (i.interCluster() != null) {
            sb.append(", inter=").append(i.interCluster());
        }
        if (i.intraCluster() != null) {
            sb.append(", intra=").append(i.intraCluster());
        }
        if (!i.clusterOverrides().isEmpty()) {
            sb.append(", clusters=").append(i.clusterOverrides());
        }
        if (i.split() != null) {
            EnbSplit sp = i.split();
            sb.append(String.format(Locale.ROOT, ", split=%s+%s dst=%s%s %s lteShare=%s rttMs=%s windowPackets=%s "
                    + "alpha=%s beta=%s epochMs=%s", sp.targetUe(), sp.secondPathUe(), sp.dstIp(),
                    sp.dstPort() == 0 ? "" : ":" + sp.dstPort(), sp.mode(), sp.lteShare(), sp.rttMs(),
                    sp.windowPackets(), sp.alpha(), sp.beta(), sp.epochMs()));
        }
        if (i.weightMode() != null) {
            sb.append(", weights=").append(i.weightMode());
        }
        if (!i.weights().isEmpty()) {
            sb.append(i.weights());
        }
        if (i.steering() != null) {
            sb.append(", steering=").append(steering(i.steering()));
        }
        sb.append(", version=").append(i.version());
        if (!i.reason().isEmpty()) {
            sb.append(", reason=").append(i.reason());
        }
        new TreeMap<>(i.applied()).forEach((client, how) -> sb.append("\n    ").append(client).append(": ")
                .append(how));
        return sb.toString();
    }

    private static String steering(SteeringRule r) {
        StringBuilder sb = new StringBuilder(r.mode().name()).append('(').append(r.mode().code()).append(')')
                .append(" precedence=").append(r.precedence());
        if (r.activeAp() != null) {
            sb.append(" active=").append(r.activeAp());
        }
        if (!r.shares().isEmpty()) {
            sb.append(" shares=").append(new TreeMap<>(r.shares()));
        }
        if (r.autonomous()) {
            sb.append(" autonomous");
        }
        if (r.mode() == SteeringMode.SMALLEST_DELAY) {
            sb.append(" rttHysteresisMs=").append(r.rttHysteresisMs());
        }
        TrafficDescriptor t = r.trafficDescriptor();
        if (t != null) {
            sb.append(" traffic=[").append(t.protocol() == TrafficDescriptor.ANY ? "" : "protocol=" + t.protocol())
                    .append(t.dstPrefix() == null ? "" : " dstPrefix=" + t.dstPrefix())
                    .append(t.dstPortMin() == TrafficDescriptor.ANY ? "" : " dstPorts=" + t.dstPortMin() + "-"
                            + t.dstPortMax())
                    .append(t.dscp() == TrafficDescriptor.ANY ? "" : " dscp=" + t.dscp()).append(']');
        }
        return sb.toString();
    }
}
