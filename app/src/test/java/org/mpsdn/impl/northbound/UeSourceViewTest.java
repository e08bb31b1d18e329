package org.mpsdn.impl.northbound;

import org.junit.Test;
import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.UeSpec;
import org.onlab.packet.IpAddress;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The UE view tells how each UE is known (issue 16): registered, detected, both, or only as an
 * AP's station; detected users are named by the detector's ids and joined to the stations.
 */
public class UeSourceViewTest {

    private static StationTelemetry station(String ip, long phy) {
        return new StationTelemetry("", List.of(ip), -60, phy, phy, 0, 0, 0);
    }

    private static Optional<ApTelemetry> report(String ap, StationTelemetry... stations) {
        return Optional.of(new ApTelemetry(ap, 1, 2000, Map.of(), 0, List.of(stations), 1));
    }

    private static DetectedUser detected(String id, boolean registered, String wifi, String lte, boolean mp) {
        Map<String, List<String>> aps = new java.util.TreeMap<>();
        if (lte != null) {
            aps.put("lte", List.of(lte));
        }
        if (wifi != null) {
            aps.put("wifi", List.of(wifi));
        }
        List<String> addrs = new java.util.ArrayList<>();
        aps.values().forEach(addrs::addAll);
        return new DetectedUser(id, registered, addrs, List.of(), aps, mp);
    }

    @Test
    public void eachUeSaysHowItIsKnown() {
        List<UeSpec> registered = List.of(
                new UeSpec("phone", Map.of(IpAddress.valueOf("10.0.1.9"), Optional.empty())),
                new UeSpec("idle", Map.of(IpAddress.valueOf("10.0.1.8"), Optional.empty())));
        List<DetectedUser> users = List.of(detected("auto-1", false, "10.0.1.2", "10.0.2.2", true),
                detected("phone", true, "10.0.1.9", null, false));
        Map<String, Optional<ApTelemetry>> reports = new java.util.LinkedHashMap<>();
        // the eNB lists its UEs without MAC; the Wi-Fi AP lists 10.0.1.2 and a station nobody else knows
        reports.put("wifi", report("wifi", station("10.0.1.2", 54_000_000), station("10.0.1.7", 6_000_000)));
        reports.put("lte", report("lte", station("10.0.2.2", 34_000_000)));
        List<ManagedFlow> flows = List.of(
                new ManagedFlow("lte", "auto-1", "tcp a-b", Direction.DOWNLINK, Tier.TIER2, 1, 1.0));
        Map<String, UeInfo> ues = Views.ues(registered, users, reports, Map.of("auto-1", "wifi"), flows);

        assertEquals(List.of("auto-1", "idle", "ip:10.0.1.7", "phone"), List.copyOf(ues.keySet()));
        UeInfo auto = ues.get("auto-1");
        assertEquals(UeSource.DETECTED, auto.source());
        assertFalse(auto.registered());
        assertTrue(auto.multipath());
        assertEquals(Optional.of("wifi"), auto.primaryAp());
        UeConnection lte = auto.connections().get(0);
        assertEquals("lte", lte.apId());
        assertEquals(34_000_000, lte.txPhyRateBps());
        assertEquals(Optional.of(Tier.TIER2), lte.tier());
        assertTrue(auto.connections().get(1).primary());
        assertEquals(UeSource.BOTH, ues.get("phone").source());
        assertTrue(ues.get("phone").registered());
        assertEquals(UeSource.REGISTERED, ues.get("idle").source());
        assertEquals(UeSource.STATION, ues.get("ip:10.0.1.7").source());
        // the detected phone has flows through Wi-Fi, whose list does not name it: a connection without radio data
        UeConnection phone = ues.get("phone").connections().get(0);
        assertEquals("wifi", phone.apId());
        assertEquals("10.0.1.9", phone.ip());
        assertEquals("", phone.mac());
        assertEquals(0, phone.txPhyRateBps());
    }

    @Test
    public void withoutDetectionTheViewIsRegistrationsAndStations() {
        List<UeSpec> registered = List.of(new UeSpec("ue1", Map.of(IpAddress.valueOf("10.0.1.2"), Optional.empty())));
        Map<String, UeInfo> ues = Views.ues(registered, List.of(),
                Map.of("wifi", report("wifi", station("10.0.1.2", 1), station("10.0.1.3", 1))), Map.of(), List.of());
        assertEquals(UeSource.REGISTERED, ues.get("ue1").source());
        assertEquals(UeSource.STATION, ues.get("ip:10.0.1.3").source());
    }
}
