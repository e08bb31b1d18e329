package org.mpsdn.impl.decide;

import org.mpsdn.api.model.UeIds;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.impl.config.UeSpec;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The UEs of one cycle by address: which UE a reported station is, and which UEs are registered
 * with two or more interfaces (multipath by registration).
 */
final class UeIndex {
    private final Map<IpAddress, String> ueByIp = new HashMap<>();
    private final Map<MacAddress, String> ueByMac = new HashMap<>();
    private final Set<String> registeredMultipath = new HashSet<>();

    /**
     * Indexes the UEs of a cycle.
     *
     * @param ues registered and detected UEs
     */
    UeIndex(List<UeSpec> ues) {
        for (UeSpec ue : ues) {
            ue.interfaces().forEach((ip, mac) -> {
                ueByIp.put(ip, ue.id());
                mac.ifPresent(m -> ueByMac.put(m, ue.id()));
            });
            if (ue.interfaces().size() >= 2) {
                registeredMultipath.add(ue.id());
            }
        }
    }

    /**
     * Whether a UE is registered with two or more interfaces.
     *
     * @param ueId UE id
     * @return true if registered multipath
     */
    boolean registeredMultipath(String ueId) {
        return registeredMultipath.contains(ueId);
    }

    /**
     * The UE of a reported station: by one of its IPs, else by its MAC, else its first IPv4
     * address as an unregistered UE. Malformed addresses (agent data) are skipped.
     *
     * @param st station report
     * @return UE id, or null when the station has no usable address
     */
    String stationUe(StationTelemetry st) {
        return ueOf(st.ips(), st.mac());
    }

    /**
     * The UE of a reported station queue, as {@link #stationUe}: by IP, else by MAC, else its first
     * IPv4 address as an unregistered UE.
     *
     * @param q station queue report
     * @return UE id, or null when the queue names no usable address
     */
    String stationQueueUe(StationQueueTelemetry q) {
        return ueOf(q.ips(), q.mac());
    }

    private String ueOf(List<String> ips, String mac) {
        for (String ip : ips) {
            IpAddress a = parseIp(ip);
            if (a != null && ueByIp.containsKey(a)) {
                return ueByIp.get(a);
            }
        }
        try {
            String ue = mac.isEmpty() ? null : ueByMac.get(MacAddress.valueOf(mac));
            if (ue != null) {
                return ue;
            }
        } catch (IllegalArgumentException e) {
            // malformed MAC: fall through
        }
        for (String ip : ips) {
            IpAddress a = parseIp(ip);
            if (a != null && a.isIp4()) {
                return UeIds.ofAddress(a.toString());
            }
        }
        return null;
    }

    private static IpAddress parseIp(String ip) {
        try {
            return IpAddress.valueOf(ip);
        } catch (IllegalArgumentException e) {
            return null; // malformed address in a report: skip it
        }
    }
}
