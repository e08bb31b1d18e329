package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Union-find over addresses; a component carries at most one registered owner. */
final class UnionFind {
    private final Map<InetAddress, InetAddress> parent = new LinkedHashMap<>();
    private final Map<InetAddress, String> ownerOfRoot = new HashMap<>();

    /**
     * Adds an address as its own component (no-op if present).
     *
     * @param a     address
     * @param owner its registered owner, null if none
     */
    void add(InetAddress a, String owner) {
        if (parent.putIfAbsent(a, a) == null && owner != null) {
            ownerOfRoot.put(a, owner);
        }
    }

    /**
     * Returns the addresses, in the order they were added.
     *
     * @return addresses (live view)
     */
    Set<InetAddress> nodes() {
        return parent.keySet();
    }

    /**
     * Returns the root of an address's component.
     *
     * @param a address
     * @return root, null if the address was not added
     */
    InetAddress find(InetAddress a) {
        InetAddress p = parent.get(a);
        if (p == null) {
            return null;
        }
        while (!p.equals(parent.get(p))) {
            p = parent.get(p);
        }
        parent.put(a, p);
        return p;
    }

    /**
     * Returns the owner of an address's component.
     *
     * @param a address
     * @return owner, null if none
     */
    String owner(InetAddress a) {
        InetAddress r = find(a);
        return r == null ? null : ownerOfRoot.get(r);
    }

    /**
     * Merges the components of two addresses, unless both have different owners.
     *
     * @param a address
     * @param b address
     * @return false if not merged because of different owners
     */
    boolean union(InetAddress a, InetAddress b) {
        InetAddress ra = find(a);
        InetAddress rb = find(b);
        if (ra == null || rb == null || ra.equals(rb)) {
            return true;
        }
        String oa = ownerOfRoot.get(ra);
        String ob = ownerOfRoot.get(rb);
        if (oa != null && ob != null && !oa.equals(ob)) {
            return false;
        }
        parent.put(rb, ra);
        if (oa == null && ob != null) {
            ownerOfRoot.put(ra, ob);
        }
        ownerOfRoot.remove(rb);
        return true;
    }
}
