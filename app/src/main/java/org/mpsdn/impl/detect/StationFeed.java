package org.mpsdn.impl.detect;

import org.mpsdn.api.detection.StationFeedStats;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.mpsdn.mptcp.MultipathUserTracker;
import org.mpsdn.mptcp.StationUpdate;
import org.onlab.packet.IpAddress;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Feeds the APs' station lists to the tracker: each station's IPs with its MAC, or without one
 * (an eNB knows its UEs by IMSI/RNTI, so its agent reports no MAC: the station is known by IP).
 * An entry with a malformed IP or MAC, or an IP listed for two stations, is rejected on its own
 * (the rest of the list is used), counted per AP and logged without flooding
 * ({@link RejectedEntriesLog}). Lists are fed on the loop's thread; the counters may be read
 * from any thread.
 */
final class StationFeed {
    /** One AP's counters. */
    private static final class Counters {
        long lists;
        int stations;
        int withoutMac;
        long rejected;
        String lastRejection = "";
    }

    private final MultipathUserTracker tracker;
    private final RejectedEntriesLog log;
    private final Map<String, Counters> byAp = new TreeMap<>();

    /**
     * Creates the feed.
     *
     * @param tracker the tracker fed
     * @param log     where bad entries are logged
     */
    StationFeed(MultipathUserTracker tracker, RejectedEntriesLog log) {
        this.tracker = tracker;
        this.log = log;
    }

    /**
     * Feeds one AP's fresh report.
     *
     * @param apId      AP
     * @param report    its report
     * @param nowMillis current time
     */
    void feed(String apId, ApTelemetry report, long nowMillis) {
        Map<InetAddress, String> ipToMac = new LinkedHashMap<>();
        List<String> rejected = new ArrayList<>();
        for (StationTelemetry st : report.stations()) {
            for (String ip : st.ips()) {
                InetAddress a = parse(ip);
                if (a == null) {
                    rejected.add("malformed IP '" + ip + "' (MAC '" + st.mac() + "')");
                } else if (ipToMac.containsKey(a) && !ipToMac.get(a).equals(st.mac())) {
                    rejected.add("IP " + ip + " listed again for another station (MAC '" + st.mac()
                            + "', first '" + ipToMac.get(a) + "'): first kept");
                } else {
                    ipToMac.put(a, st.mac());
                }
            }
        }
        StationUpdate u = tracker.updateStations(apId, ipToMac, nowMillis);
        rejected.addAll(u.rejected());
        String source = "Station list of " + apId;
        if (rejected.isEmpty()) {
            log.clean(source);
        } else {
            log.rejected(source, rejected.size(), rejected.get(0), nowMillis);
        }
        synchronized (this) {
            Counters c = byAp.computeIfAbsent(apId, k -> new Counters());
            c.lists++;
            c.stations = u.accepted();
            c.withoutMac = u.withoutMac();
            c.rejected += rejected.size();
            if (!rejected.isEmpty()) {
                c.lastRejection = rejected.get(rejected.size() - 1);
            }
        }
    }

    private static InetAddress parse(String ip) {
        try {
            return IpAddress.valueOf(ip).toInetAddress();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Forgets the counters of APs that are no longer configured.
     *
     * @param configured ids of the configured APs
     */
    synchronized void retainAps(Set<String> configured) {
        byAp.keySet().retainAll(configured);
    }

    /**
     * Returns each AP's counters.
     *
     * @return per AP, by id
     */
    synchronized List<StationFeedStats> stats() {
        List<StationFeedStats> out = new ArrayList<>();
        byAp.forEach((ap, c) -> out.add(new StationFeedStats(ap, c.lists, c.stations, c.withoutMac, c.rejected,
                c.lastRejection)));
        return out;
    }
}
