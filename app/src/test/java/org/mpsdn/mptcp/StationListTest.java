package org.mpsdn.mptcp;

import org.junit.Test;
import org.mpsdn.mptcp.wire.TcpFlags;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.mptcp.Frames.ip;
import static org.mpsdn.mptcp.Frames.options;
import static org.mpsdn.mptcp.Frames.tcp;

/**
 * Station lists as real agents send them (issue 16): an eNB knows its UEs by IMSI/RNTI, not by
 * MAC, and the lab's Wi-Fi station document has no MACs either. Such stations count by IP; a bad
 * entry is rejected on its own and the rest of the list is used.
 */
public class StationListTest {
    private static final String S = "10.0.0.1";
    private final MultipathUserTracker t = new MultipathUserTracker();

    private static Map<InetAddress, String> list(String... ipThenMac) {
        Map<InetAddress, String> m = new LinkedHashMap<>();
        for (int i = 0; i < ipThenMac.length; i += 2) {
            m.put(ip(ipThenMac[i]), ipThenMac[i + 1]);
        }
        return m;
    }

    /** The server opens a flow to a station: the station is the user (it is the listed side). */
    private MultipathUser userOfFlowOpenedByTheServer(String station) {
        t.onPacket("lte", tcp(S, 7000, station, 8080, TcpFlags.SYN, options(), 0), 1);
        t.onPacket("lte", tcp(station, 8080, S, 7000, TcpFlags.SYN | TcpFlags.ACK, options(), 0), 2);
        List<MultipathUser> users = t.users(3).users();
        assertEquals(users.toString(), 1, users.size());
        return users.get(0);
    }

    @Test
    public void stationsWithoutMacAreStationsByIp() {
        StationUpdate u = t.updateStations("lte", list("10.0.2.2", "", "10.0.2.3", ""), 0);
        assertEquals(2, u.accepted());
        assertEquals(2, u.withoutMac());
        assertTrue(u.rejected().isEmpty());
        MultipathUser user = userOfFlowOpenedByTheServer("10.0.2.2");
        assertEquals(Set.of(ip("10.0.2.2")), user.addresses());
        assertTrue(user.macs().isEmpty());
    }

    @Test
    public void aNullMacIsNoMacAndAMissingIpIsRejected() {
        Map<InetAddress, String> m = new HashMap<>();
        m.put(ip("10.0.2.2"), null);
        m.put(null, "02:00:00:00:00:01");
        StationUpdate u = t.updateStations("lte", m, 0);
        assertEquals(1, u.accepted());
        assertEquals(1, u.withoutMac());
        assertEquals(List.of("station without IP (MAC '02:00:00:00:00:01')"), u.rejected());
    }

    @Test
    public void oneBadEntryLeavesTheRestOfTheList() {
        StationUpdate u = t.updateStations("wifi", list("10.0.1.2", "zz:00:00:00:00:01", "10.0.1.3",
                "02-00-00-0A-00-13", "10.0.1.4", ""), 0);
        assertEquals(2, u.accepted());
        assertEquals(1, u.withoutMac());
        assertEquals(List.of("IP 10.0.1.2: malformed MAC 'zz:00:00:00:00:01' (want aa:bb:cc:dd:ee:ff)"),
                u.rejected());
        assertEquals(Set.of("02:00:00:0a:00:13"), userOfFlowOpenedByTheServer("10.0.1.3").macs());
    }

    @Test
    public void aListWithoutTheMacNeitherContradictsNorReassigns() {
        t.updateStations("wifi", list("10.0.1.2", "02:00:00:0a:00:12"), 0);
        t.updateStations("lte", list("10.0.1.2", ""), 0);
        MultipathUser user = userOfFlowOpenedByTheServer("10.0.1.2");
        assertEquals("the MAC one AP knows is kept", Set.of("02:00:00:0a:00:12"), user.macs());
        assertTrue(t.users(4).conflicts().isEmpty());
        // the MAC goes unknown: not a new device
        assertTrue(t.updateStations("wifi", list("10.0.1.2", ""), 5).reassigned().isEmpty());
        assertEquals(0, t.eventCount(TrackerEvent.ADDRESSES_REASSIGNED));
        // a different MAC later is
        assertEquals(List.of(ip("10.0.1.2")),
                t.updateStations("wifi", list("10.0.1.2", "02:00:00:0c:00:99"), 6).reassigned());
        assertEquals(1, t.eventCount(TrackerEvent.ADDRESSES_REASSIGNED));
    }
}
