package org.mpsdn.core.model;

import java.util.Objects;

/**
 * A mobile device. A multipath user runs MPTCP over several connections; a single-path
 * user uses one AP only (MP-SDN Section I).
 */
public final class UserEquipment {
    private final String id;
    private final boolean multipath;
    private final UserPolicy policy;

    /**
     * Creates a device regulated by default ({@link UserPolicy#REGULATE}).
     *
     * @param id        identifier, unique in a snapshot (non-blank)
     * @param multipath whether the device is a multipath (MPTCP) user
     * @throws IllegalArgumentException on a blank id
     */
    public UserEquipment(String id, boolean multipath) {
        this(id, multipath, UserPolicy.REGULATE);
    }

    /**
     * Creates a device with an operator policy.
     *
     * @param id        identifier, unique in a snapshot (non-blank)
     * @param multipath whether the device is a multipath (MPTCP) user
     * @param policy    the operator's multipath policy for it
     * @throws IllegalArgumentException on a blank id or a null policy
     */
    public UserEquipment(String id, boolean multipath, UserPolicy policy) {
        this.id = Checks.id("id", id);
        this.multipath = multipath;
        this.policy = Checks.nonNull("policy", policy);
    }

    /** @return identifier */
    public String id() {
        return id;
    }

    /** @return true for a multipath user, false for a single-path user */
    public boolean multipath() {
        return multipath;
    }

    /** @return the operator's multipath policy */
    public UserPolicy policy() {
        return policy;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof UserEquipment)) {
            return false;
        }
        UserEquipment that = (UserEquipment) o;
        return multipath == that.multipath && id.equals(that.id) && policy.equals(that.policy);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, multipath, policy);
    }

    @Override
    public String toString() {
        return "UserEquipment{" + id + (multipath ? ", multipath" : ", single-path")
                + (policy.mode() == UserPolicy.Mode.REGULATE ? "}" : ", " + policy + "}");
    }
}
