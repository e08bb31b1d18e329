package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Ids of users from one grouping to the next: a registered component takes its UE id; a detected
 * component keeps the number ({@code auto-N}) its connections or addresses had last time (the
 * oldest if several), else gets a new one. Not thread-safe: used under the tracker's lock.
 */
final class StickyUserIds {
    private static final String AUTO_PREFIX = "auto-";

    private final Map<InetAddress, Long> lastUserOfIp = new HashMap<>();
    private long nextUserNumber = 1;

    /**
     * Forgets the user an address had (it went to another device).
     *
     * @param ip address
     */
    void forget(InetAddress ip) {
        lastUserOfIp.remove(ip);
    }

    /**
     * Chooses the id of every component and remembers the detected ones.
     *
     * @param byRoot the live flows of each component, by its root address
     * @param uf     the grouping (gives each component's registered owner)
     * @return id by root address
     */
    Map<InetAddress, String> assign(Map<InetAddress, List<Subflow>> byRoot, UnionFind uf) {
        Map<InetAddress, String> out = new HashMap<>();
        Set<Long> taken = new HashSet<>();
        Map<InetAddress, Long> nextLastUser = new HashMap<>();
        for (Map.Entry<InetAddress, List<Subflow>> e : byRoot.entrySet()) {
            String owner = uf.owner(e.getKey());
            if (owner != null) {
                out.put(e.getKey(), owner);
                continue;
            }
            TreeSet<Long> cands = candidates(e.getValue());
            cands.removeAll(taken);
            long n = cands.isEmpty() ? nextUserNumber++ : cands.first();
            taken.add(n);
            out.put(e.getKey(), AUTO_PREFIX + n);
            for (Subflow s : e.getValue()) {
                if (s.conn != null) {
                    s.conn.userNumber = n;
                }
                nextLastUser.put(s.userAddress(), n);
            }
        }
        lastUserOfIp.clear();
        lastUserOfIp.putAll(nextLastUser);
        return out;
    }

    /** The numbers the flows' connections and addresses had. */
    private TreeSet<Long> candidates(List<Subflow> flows) {
        TreeSet<Long> cands = new TreeSet<>();
        for (Subflow s : flows) {
            if (s.conn != null && s.conn.userNumber > 0) {
                cands.add(s.conn.userNumber);
            }
            Long last = lastUserOfIp.get(s.userAddress());
            if (last != null) {
                cands.add(last);
            }
        }
        return cands;
    }
}
