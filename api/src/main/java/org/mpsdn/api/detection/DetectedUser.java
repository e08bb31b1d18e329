package org.mpsdn.api.detection;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One user the detector grouped from live flows: its id (the registered UE id when its addresses
 * are registered, else a detected id {@code auto-N}), its addresses with live flows, their MACs
 * where an AP reports one, its addresses at each AP it has flows through and whether a live MPTCP connection of
 * it runs through two or more APs.
 */
public final class DetectedUser {
    private final String id;
    private final boolean registered;
    private final List<String> addresses;
    private final List<String> macs;
    private final Map<String, List<String>> aps;
    private final boolean multipath;

    /**
     * Creates a user view.
     *
     * @param id         user id
     * @param registered true if the id is a registered UE's
     * @param addresses  addresses with live flows
     * @param macs       MACs of those addresses known from the station lists
     * @param aps        AP id to the user's addresses with live flows through it
     * @param multipath  true if a live MPTCP connection of the user spans two or more APs
     */
    public DetectedUser(String id, boolean registered, List<String> addresses, List<String> macs,
                        Map<String, List<String>> aps, boolean multipath) {
        this.id = Objects.requireNonNull(id, "id");
        this.registered = registered;
        this.addresses = List.copyOf(addresses);
        this.macs = List.copyOf(macs);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        aps.forEach((ap, a) -> copy.put(Objects.requireNonNull(ap, "apId"), List.copyOf(a)));
        this.aps = Collections.unmodifiableMap(copy);
        this.multipath = multipath;
    }

    /** @return user id */
    public String id() {
        return id;
    }

    /** @return true if the id is a registered UE's */
    public boolean registered() {
        return registered;
    }

    /** @return addresses with live flows */
    public List<String> addresses() {
        return addresses;
    }

    /** @return MACs known for the addresses */
    public List<String> macs() {
        return macs;
    }

    /** @return AP id to the user's addresses with live flows through it */
    public Map<String, List<String>> aps() {
        return aps;
    }

    /** @return true if multipath now */
    public boolean multipath() {
        return multipath;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DetectedUser)) {
            return false;
        }
        DetectedUser u = (DetectedUser) o;
        return id.equals(u.id) && registered == u.registered && addresses.equals(u.addresses)
                && macs.equals(u.macs) && aps.equals(u.aps) && multipath == u.multipath;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, registered, addresses, macs, aps, multipath);
    }

    @Override
    public String toString() {
        return "DetectedUser{" + id + (registered ? " (registered)" : "") + (multipath ? " multipath " : " ")
                + aps + "}";
    }
}
