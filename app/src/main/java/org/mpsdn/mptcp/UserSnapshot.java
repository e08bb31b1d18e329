package org.mpsdn.mptcp;

import org.mpsdn.api.detection.DetectionConflict;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * The grouping at one instant: users, the live flows behind them, and the conflicts found.
 */
public final class UserSnapshot {
    private final List<MultipathUser> users;
    private final List<TrackedFlow> flows;
    private final List<DetectionConflict> conflicts;

    /**
     * Creates a snapshot.
     *
     * @param users     users with live flows
     * @param flows     live flows
     * @param conflicts conflicts found while grouping
     */
    public UserSnapshot(List<MultipathUser> users, List<TrackedFlow> flows, List<DetectionConflict> conflicts) {
        this.users = List.copyOf(users);
        this.flows = List.copyOf(flows);
        this.conflicts = List.copyOf(conflicts);
    }

    /**
     * Returns the users.
     *
     * @return users
     */
    public List<MultipathUser> users() {
        return users;
    }

    /**
     * Returns the live flows.
     *
     * @return flows
     */
    public List<TrackedFlow> flows() {
        return flows;
    }

    /**
     * Returns the conflicts.
     *
     * @return conflicts
     */
    public List<DetectionConflict> conflicts() {
        return conflicts;
    }

    /**
     * Finds the user that owns an address.
     *
     * @param address address
     * @return user, if any live flow uses the address
     */
    public Optional<MultipathUser> userOf(InetAddress address) {
        for (MultipathUser u : users) {
            if (u.addresses().contains(address)) {
                return Optional.of(u);
            }
        }
        return Optional.empty();
    }

    /**
     * Finds a user by id.
     *
     * @param id user id
     * @return user, if present
     */
    public Optional<MultipathUser> user(String id) {
        for (MultipathUser u : users) {
            if (u.id().equals(id)) {
                return Optional.of(u);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "UserSnapshot{users=" + users + ", conflicts=" + conflicts + "}";
    }
}
