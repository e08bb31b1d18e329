package org.mpsdn.mptcp;

import org.mpsdn.api.detection.DetectionConflict;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The AP station lists (IP to MAC, from the AP agents): which addresses are stations, their MACs,
 * and which addresses were reassigned to another device. A station may come without a MAC (an eNB
 * knows its UEs by IMSI/RNTI, not by MAC): it is a station by its IP, with its MAC unknown. Not
 * thread-safe: used under the tracker's lock.
 */
final class StationDirectory {
    /** The MAC of a station listed without one. */
    private static final String NO_MAC = "";

    private final Map<String, Map<InetAddress, String>> stations = new HashMap<>();
    private final Map<InetAddress, String> lastMacOfIp = new HashMap<>();

    /**
     * Replaces one AP's station list. A null or empty MAC is a station without a MAC; an entry
     * with a malformed MAC or no IP is rejected (the other entries are kept). An IP that appears
     * with a MAC different from the one it last had, while no other AP still lists the old MAC for
     * it, was reassigned to another device (an unknown MAC reveals nothing).
     *
     * @param apId    AP
     * @param ipToMac the stations' IPs and MACs
     * @return stations kept, rejected entries and reassigned IPs
     */
    StationUpdate update(String apId, Map<InetAddress, String> ipToMac) {
        Objects.requireNonNull(apId, "apId");
        Map<InetAddress, String> list = new LinkedHashMap<>();
        List<String> rejected = new ArrayList<>();
        int withoutMac = 0;
        for (Map.Entry<InetAddress, String> e : ipToMac.entrySet()) {
            InetAddress ip = e.getKey();
            if (ip == null) {
                rejected.add("station without IP (MAC '" + e.getValue() + "')");
                continue;
            }
            String mac = e.getValue() == null ? NO_MAC : e.getValue().trim();
            if (mac.isEmpty()) {
                list.put(ip, NO_MAC);
                withoutMac++;
                continue;
            }
            try {
                list.put(ip, Macs.normalize(mac, "IP " + ip.getHostAddress()));
            } catch (IllegalArgumentException bad) {
                rejected.add(bad.getMessage());
            }
        }
        stations.put(apId, list);
        List<InetAddress> reassigned = new ArrayList<>();
        for (Map.Entry<InetAddress, String> e : list.entrySet()) {
            InetAddress ip = e.getKey();
            if (NO_MAC.equals(e.getValue())) {
                continue;
            }
            String prev = lastMacOfIp.put(ip, e.getValue());
            if (prev != null && !prev.equals(e.getValue()) && !listedElsewhere(ip, prev, apId)) {
                reassigned.add(ip);
            }
        }
        return new StationUpdate(list.size(), withoutMac, rejected, reassigned);
    }

    private boolean listedElsewhere(InetAddress ip, String mac, String exceptAp) {
        for (Map.Entry<String, Map<InetAddress, String>> e : stations.entrySet()) {
            if (!e.getKey().equals(exceptAp) && mac.equals(e.getValue().get(ip))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Tells whether the user's side of a flow is its responder: only when the responder is a
     * station and the opener is not.
     *
     * @param key the flow's 5-tuple, oriented from its opener
     * @return true if the user is the responder
     */
    boolean userIsResponder(SubflowKey key) {
        return isStation(key.responderIp()) && !isStation(key.initiatorIp());
    }

    /**
     * Tells whether an address is in one AP's station list.
     *
     * @param apId AP
     * @param ip   address
     * @return true when the AP lists it
     */
    boolean isStationAt(String apId, InetAddress ip) {
        Map<InetAddress, String> list = stations.get(apId);
        return list != null && list.containsKey(ip);
    }

    /**
     * Tells whether an address is in some AP's station list.
     *
     * @param ip address
     * @return true for a station
     */
    boolean isStation(InetAddress ip) {
        for (Map<InetAddress, String> list : stations.values()) {
            if (list.containsKey(ip)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the MAC of every station address all lists agree on; an address listed with two
     * MACs gets none and a conflict; a list without a MAC for the address neither adds nor
     * contradicts one.
     *
     * @param conflicts where conflicts are added (ordered by address)
     * @return IP to MAC
     */
    Map<InetAddress, String> agreedMacs(List<DetectionConflict> conflicts) {
        Map<InetAddress, Map<String, Set<String>>> claims = new TreeMap<>(
                Comparator.comparing((InetAddress a) -> Arrays.toString(a.getAddress())));
        for (Map.Entry<String, Map<InetAddress, String>> ap : new TreeMap<>(stations).entrySet()) {
            for (Map.Entry<InetAddress, String> st : ap.getValue().entrySet()) {
                if (NO_MAC.equals(st.getValue())) {
                    continue;
                }
                claims.computeIfAbsent(st.getKey(), k -> new TreeMap<>())
                        .computeIfAbsent(st.getValue(), k -> new TreeSet<>()).add(ap.getKey());
            }
        }
        Map<InetAddress, String> macOfIp = new HashMap<>();
        for (Map.Entry<InetAddress, Map<String, Set<String>>> c : claims.entrySet()) {
            if (c.getValue().size() == 1) {
                macOfIp.put(c.getKey(), c.getValue().keySet().iterator().next());
            } else {
                conflicts.add(ConflictKind.ADDRESS_CLAIMED_BY_TWO_STATIONS.conflict(
                        c.getKey().getHostAddress(), "station lists give it to " + c.getValue()
                        + " (MAC to APs): MAC left unknown"));
            }
        }
        return macOfIp;
    }
}
