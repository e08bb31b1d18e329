package org.mpsdn.impl.enb;

import java.util.Objects;

/**
 * One downlink flow (or subflow) of a multipath user as it meets an eNB: the
 * eNB that schedules it and the UE radio link that carries it.
 */
public final class EnbFlow {
    private final String flowId;
    private final String userId;
    private final String enbId;
    private final String ueId;

    /**
     * Creates a flow.
     *
     * @param flowId flow identifier (for messages)
     * @param userId multipath user the flow belongs to
     * @param enbId  eNB scheduling the flow
     * @param ueId   UE link carrying the flow at that eNB
     */
    public EnbFlow(String flowId, String userId, String enbId, String ueId) {
        this.flowId = requireText(flowId, "flowId");
        this.userId = requireText(userId, "userId");
        this.enbId = requireText(enbId, "enbId");
        this.ueId = requireText(ueId, "ueId");
    }

    private static String requireText(String v, String name) {
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException(name + ": must be non-empty");
        }
        return v;
    }

    /**
     * Returns the flow identifier.
     *
     * @return flow id
     */
    public String flowId() {
        return flowId;
    }

    /**
     * Returns the multipath user.
     *
     * @return user id
     */
    public String userId() {
        return userId;
    }

    /**
     * Returns the eNB.
     *
     * @return eNB id
     */
    public String enbId() {
        return enbId;
    }

    /**
     * Returns the UE link.
     *
     * @return UE id
     */
    public String ueId() {
        return ueId;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof EnbFlow)) {
            return false;
        }
        EnbFlow f = (EnbFlow) o;
        return flowId.equals(f.flowId) && userId.equals(f.userId) && enbId.equals(f.enbId) && ueId.equals(f.ueId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(flowId, userId, enbId, ueId);
    }

    @Override
    public String toString() {
        return "EnbFlow{" + flowId + " user=" + userId + " enb=" + enbId + " ue=" + ueId + "}";
    }
}
