package org.mpsdn.mptcp;

import org.mpsdn.api.detection.DetectionConflict;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The owner (registered UE id) of addresses, from the static registrations (by IP, else by the
 * station MAC of the IP) for one grouping. Disagreements become {@link DetectionConflict}s: the first
 * registration (by UE id) and the IP registration win.
 */
final class Owners {
    private final Map<InetAddress, String> regOfIp = new HashMap<>();
    private final Map<String, String> regOfMac = new HashMap<>();
    private final Map<InetAddress, String> macOfIp;
    private final List<DetectionConflict> conflicts;
    private final Set<InetAddress> mismatchReported = new HashSet<>();

    /**
     * Reads the registrations and station lists.
     *
     * @param registrations static registrations
     * @param stations      AP station lists
     * @param conflicts     where conflicts are added
     */
    Owners(List<Registration> registrations, StationDirectory stations, List<DetectionConflict> conflicts) {
        this.conflicts = conflicts;
        List<Registration> regs = new ArrayList<>(registrations);
        regs.sort(Comparator.comparing(Registration::ueId));
        for (Registration r : regs) {
            for (InetAddress ip : r.ips()) {
                register(regOfIp, ip, ip.getHostAddress(), r.ueId());
            }
            for (String mac : r.macs()) {
                register(regOfMac, mac, mac, r.ueId());
            }
        }
        this.macOfIp = stations.agreedMacs(conflicts);
    }

    private <K> void register(Map<K, String> owners, K address, String text, String ueId) {
        String prev = owners.putIfAbsent(address, ueId);
        if (prev != null && !prev.equals(ueId)) {
            conflicts.add(ConflictKind.ADDRESS_IN_TWO_REGISTRATIONS.conflict(text,
                    "registered to UE " + prev + " and UE " + ueId + ": using " + prev));
        }
    }

    /**
     * Returns the UE registered for the IP, else for its station MAC; reports an IP and a MAC
     * registered to different UEs (once per IP).
     *
     * @param ip address
     * @return UE id, null if none
     */
    String ownerOf(InetAddress ip) {
        String byIp = regOfIp.get(ip);
        String mac = macOfIp.get(ip);
        String byMac = mac != null ? regOfMac.get(mac) : null;
        if (byIp != null && byMac != null && !byIp.equals(byMac) && mismatchReported.add(ip)) {
            conflicts.add(ConflictKind.REGISTRATION_STATION_MISMATCH.conflict(ip.getHostAddress(),
                    "IP registered to UE " + byIp + " but its station MAC " + mac + " is registered to UE "
                    + byMac + ": using " + byIp));
        }
        return byIp != null ? byIp : byMac;
    }

    /**
     * Returns the station MAC of each address the station lists agree on.
     *
     * @return IP to MAC
     */
    Map<InetAddress, String> stationMacs() {
        return macOfIp;
    }
}
