package org.mpsdn.mptcp;

import org.mpsdn.api.detection.DetectionConflict;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Groups the user addresses of the live flows into users: addresses registered to one UE form one
 * user, and so do the addresses behind the established subflows of one live MPTCP connection,
 * except that two registered UEs are never merged (a {@link DetectionConflict} instead). Keeps user ids
 * stable across groupings ({@link StickyUserIds}). Not thread-safe: used under the tracker's lock.
 */
final class UserGrouping {
    private final StickyUserIds ids = new StickyUserIds();

    /**
     * Forgets the user an address had (it went to another device).
     *
     * @param ip address
     */
    void forget(InetAddress ip) {
        ids.forget(ip);
    }

    /**
     * Groups the live flows.
     *
     * @param live          the live flows, in a stable order
     * @param registrations the static registrations
     * @param stations      the AP station lists
     * @return users, flows and conflicts
     */
    UserSnapshot group(List<Subflow> live, List<Registration> registrations, StationDirectory stations) {
        List<DetectionConflict> conflicts = new ArrayList<>();
        Owners owners = new Owners(registrations, stations, conflicts);
        UnionFind uf = new UnionFind();
        for (Subflow s : live) {
            InetAddress a = s.userAddress();
            uf.add(a, owners.ownerOf(a));
        }
        unionRegistered(uf, owners);
        unionConnections(uf, live, conflicts);
        Map<InetAddress, List<Subflow>> byRoot = new LinkedHashMap<>();
        for (Subflow s : live) {
            byRoot.computeIfAbsent(uf.find(s.userAddress()), r -> new ArrayList<>()).add(s);
        }
        Map<InetAddress, String> idOfRoot = ids.assign(byRoot, uf);

        List<MultipathUser> users = new ArrayList<>();
        List<TrackedFlow> views = new ArrayList<>();
        for (Map.Entry<InetAddress, List<Subflow>> e : byRoot.entrySet()) {
            String id = idOfRoot.get(e.getKey());
            boolean registered = uf.owner(e.getKey()) != null;
            users.add(UserViews.user(id, registered, e.getValue(), owners.stationMacs()));
            for (Subflow s : e.getValue()) {
                views.add(UserViews.flow(s, id));
            }
        }
        users.sort(Comparator.comparing(MultipathUser::id));
        views.sort(Comparator.comparing((TrackedFlow v) -> v.key().toString()));
        return new UserSnapshot(users, views, conflicts);
    }

    /** Addresses registered to one UE form one user. */
    private static void unionRegistered(UnionFind uf, Owners owners) {
        Map<String, InetAddress> firstOfOwner = new HashMap<>();
        for (InetAddress a : new ArrayList<>(uf.nodes())) {
            String o = owners.ownerOf(a);
            if (o != null) {
                InetAddress first = firstOfOwner.putIfAbsent(o, a);
                if (first != null) {
                    uf.union(first, a);
                }
            }
        }
    }

    /** The established listed subflows (quiet ones included) of an MPTCP connection form one user, unless apart. */
    private static void unionConnections(UnionFind uf, List<Subflow> live, List<DetectionConflict> conflicts) {
        Map<Long, MptcpConnection> conns = new TreeMap<>();
        Set<Subflow> listed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Subflow s : live) {
            listed.add(s);
            if (s.conn != null) {
                conns.put(s.conn.id, s.conn);
            }
        }
        for (MptcpConnection c : conns.values()) {
            InetAddress first = null;
            for (Subflow s : c.subflows) {
                if (!listed.contains(s) || !s.established) {   // closed, unless quiet (SubflowTable.live)
                    continue;
                }
                InetAddress a = s.userAddress();
                if (first == null) {
                    first = a;
                } else if (!uf.union(first, a)) {
                    conflicts.add(ConflictKind.CONNECTION_SPANS_REGISTRATIONS.conflict(
                            "connection " + c.id, "MPTCP connection joins " + first.getHostAddress() + " (UE "
                            + uf.owner(first) + ") and " + a.getHostAddress() + " (UE " + uf.owner(a)
                            + "): kept apart as registered"));
                }
            }
        }
    }
}
