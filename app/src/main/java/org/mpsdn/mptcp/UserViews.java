package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the public views of one grouped user from its live flows: the {@link MultipathUser},
 * its {@link UserApConnection}s and its {@link TrackedFlow}s.
 */
final class UserViews {
    private UserViews() {
    }

    /**
     * Builds a user.
     *
     * @param id         user id
     * @param registered true if the id is a registered UE id
     * @param flows      the user's live flows
     * @param macOfIp    station MACs by address
     * @return the user
     */
    static MultipathUser user(String id, boolean registered, List<Subflow> flows, Map<InetAddress, String> macOfIp) {
        Set<InetAddress> addrs = addressSet();
        Set<String> macs = new TreeSet<>();
        Map<String, List<Subflow>> byAp = new TreeMap<>();
        Map<MptcpConnection, Set<String>> apsOfConn = new HashMap<>();
        for (Subflow s : flows) {
            addrs.add(s.userAddress());
            String mac = macOfIp.get(s.userAddress());
            if (mac != null) {
                macs.add(mac);
            }
            byAp.computeIfAbsent(s.apId, a -> new ArrayList<>()).add(s);
            if (s.conn != null && s.established) {
                apsOfConn.computeIfAbsent(s.conn, c -> new HashSet<>()).add(s.apId);
            }
        }
        // multipath: one live MPTCP connection has established subflows through two or more APs
        boolean multipath = false;
        for (Set<String> aps : apsOfConn.values()) {
            multipath |= aps.size() >= 2;
        }
        List<UserApConnection> perAp = new ArrayList<>();
        for (Map.Entry<String, List<Subflow>> ap : byAp.entrySet()) {
            perAp.add(atAp(id, ap.getKey(), ap.getValue()));
        }
        return new MultipathUser(id, registered, addrs, macs, multipath, perAp);
    }

    /** The user's (user, AP) connection: its addresses there and its flows by role. */
    private static UserApConnection atAp(String id, String apId, List<Subflow> flows) {
        Set<InetAddress> apAddrs = addressSet();
        int[] n = new int[FlowRole.values().length];
        for (Subflow s : flows) {
            apAddrs.add(s.userAddress());
            n[s.role.ordinal()]++;
        }
        // a subflow picked up mid-stream may be either: counted with the joined ones
        return new UserApConnection(id, apId, apAddrs, n[FlowRole.MPTCP_PRIMARY.ordinal()],
                n[FlowRole.MPTCP_JOIN.ordinal()] + n[FlowRole.MPTCP_MIDSTREAM.ordinal()],
                n[FlowRole.TCP.ordinal()] + n[FlowRole.TCP_FALLBACK.ordinal()], n[FlowRole.UDP.ordinal()]);
    }

    /**
     * Builds the view of one live flow.
     *
     * @param s      the flow
     * @param userId the user it was grouped into
     * @return the view
     */
    static TrackedFlow flow(Subflow s, String userId) {
        return new TrackedFlow(s.key, s.apId, s.role, s.established, s.userAddress(), userId,
                               s.conn != null ? s.conn.id : 0);
    }

    private static Set<InetAddress> addressSet() {
        return new TreeSet<>(Comparator.comparing(InetAddress::getHostAddress));
    }
}
