package org.mpsdn.impl.detect;

import org.mpsdn.impl.config.UeSpec;
import org.mpsdn.mptcp.MultipathUser;
import org.mpsdn.mptcp.Registration;
import org.mpsdn.mptcp.UserSnapshot;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Merges the statically registered UEs (netcfg) with the users the
 * {@link org.mpsdn.mptcp.MultipathUserTracker} detected, into the UE list the regulation engine
 * reads: addresses the tracker groups into one user become one UE (multipath when it has two or
 * more addresses, one connection per AP); a registered UE keeps its id and its MACs.
 * <p>
 * Where the tracker and the registration disagree about an address, the tracker's grouping is
 * used (it already applied the registrations, which take precedence in its grouping, and reports
 * the disagreement as a {@link org.mpsdn.api.detection.DetectionConflict}).
 */
public final class DetectedUes {
    private final List<UeSpec> ues;
    private final Map<IpAddress, String> ueByIp;

    private DetectedUes(List<UeSpec> ues, Map<IpAddress, String> ueByIp) {
        this.ues = List.copyOf(ues);
        this.ueByIp = Map.copyOf(ueByIp);
    }

    /**
     * Returns the merged UEs.
     *
     * @return UE specs, registered ones first
     */
    public List<UeSpec> ues() {
        return ues;
    }

    /**
     * Returns the UE id of each known address.
     *
     * @return address to UE id
     */
    public Map<IpAddress, String> ueByIp() {
        return ueByIp;
    }

    /**
     * Converts netcfg UEs into tracker registrations.
     *
     * @param ues registered UEs
     * @return registrations with the same ids, IPs and MACs
     */
    static List<Registration> registrations(List<UeSpec> ues) {
        List<Registration> regs = new ArrayList<>();
        for (UeSpec u : ues) {
            Set<InetAddress> ips = new HashSet<>();
            Set<String> macs = new HashSet<>();
            u.interfaces().forEach((ip, mac) -> {
                ips.add(ip.toInetAddress());
                mac.ifPresent(m -> macs.add(m.toString()));
            });
            regs.add(new Registration(u.id(), ips, macs));
        }
        return regs;
    }

    /**
     * Merges registrations and detected users.
     *
     * @param registered the registered UEs
     * @param snapshot   the tracker's grouping now
     * @return merged view
     */
    static DetectedUes merge(List<UeSpec> registered, UserSnapshot snapshot) {
        Map<IpAddress, String> owner = new HashMap<>();
        Map<IpAddress, MacAddress> macs = new HashMap<>();
        Map<String, Boolean> order = new LinkedHashMap<>();
        for (UeSpec u : registered) {
            order.put(u.id(), true);
            u.interfaces().forEach((ip, mac) -> {
                owner.put(ip, u.id());
                mac.ifPresent(m -> macs.put(ip, m));
            });
        }
        for (MultipathUser user : snapshot.users()) {
            order.putIfAbsent(user.id(), true);
            for (InetAddress a : user.addresses()) {
                IpAddress ip = IpAddress.valueOf(a);
                String before = owner.put(ip, user.id());
                if (before != null && !before.equals(user.id())) {
                    macs.remove(ip);
                }
            }
        }
        Map<String, Map<IpAddress, Optional<MacAddress>>> byUe = new LinkedHashMap<>();
        order.keySet().forEach(id -> byUe.put(id, new LinkedHashMap<>()));
        owner.forEach((ip, id) -> byUe.get(id).put(ip, Optional.ofNullable(macs.get(ip))));
        List<UeSpec> out = new ArrayList<>();
        byUe.forEach((id, ifs) -> {
            if (!ifs.isEmpty()) {
                out.add(new UeSpec(id, ifs));
            }
        });
        return new DetectedUes(out, owner);
    }
}
