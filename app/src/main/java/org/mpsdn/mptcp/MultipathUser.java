package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One user: the addresses grouped together (by live MPTCP connections and by static registration),
 * its connections per AP, and whether it is multipath right now.
 */
public final class MultipathUser {
    private final String id;
    private final boolean registered;
    private final Set<InetAddress> addresses;
    private final Set<String> macs;
    private final boolean multipath;
    private final List<UserApConnection> connections;

    /**
     * Creates a user view.
     *
     * @param id          user id: the registration's UE id, else a detected id ({@code auto-N})
     * @param registered  true if the id comes from static registration
     * @param addresses   the user's addresses with live flows
     * @param macs        MACs of those addresses according to the AP station lists
     * @param multipath   true if a live MPTCP connection of the user has established subflows
     *                    through two or more APs
     * @param connections the user's (user, AP) connections
     */
    public MultipathUser(String id, boolean registered, Set<InetAddress> addresses, Set<String> macs,
                         boolean multipath, List<UserApConnection> connections) {
        this.id = Objects.requireNonNull(id, "id");
        this.registered = registered;
        this.addresses = Collections.unmodifiableSet(new LinkedHashSet<>(addresses));
        this.macs = Collections.unmodifiableSet(new LinkedHashSet<>(macs));
        this.multipath = multipath;
        this.connections = List.copyOf(connections);
    }

    /**
     * Returns the user id.
     *
     * @return id
     */
    public String id() {
        return id;
    }

    /**
     * Tells whether the user comes from static registration.
     *
     * @return true if registered
     */
    public boolean registered() {
        return registered;
    }

    /**
     * Returns the user's addresses with live flows.
     *
     * @return addresses
     */
    public Set<InetAddress> addresses() {
        return addresses;
    }

    /**
     * Returns the MACs known for the user's addresses.
     *
     * @return MACs as lower-case colon-separated strings
     */
    public Set<String> macs() {
        return macs;
    }

    /**
     * Tells whether the user is multipath now (live MPTCP connection over two or more APs).
     *
     * @return true if multipath
     */
    public boolean multipath() {
        return multipath;
    }

    /**
     * Returns the user's connections, one per AP.
     *
     * @return connections
     */
    public List<UserApConnection> connections() {
        return connections;
    }

    @Override
    public String toString() {
        return "User{" + id + (registered ? " (registered)" : "") + (multipath ? " multipath" : " single-path")
                + " " + addresses + " " + connections + "}";
    }
}
