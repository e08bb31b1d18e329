package org.mpsdn.impl.enb;

import io.grpc.Channel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.mpsdn.enb.v1.EnbPolicyGrpc;
import org.mpsdn.enb.v1.GetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.enb.v1.SetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.SetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.SetSplitConfigRequest;
import org.mpsdn.enb.v1.SetSplitConfigResponse;
import org.mpsdn.enb.v1.SplitConfig;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Pushes scheduling policies and split configurations to one eNB over gRPC
 * and records the eNB's acknowledgement as the install state: PENDING while
 * the call runs, INSTALLED when the eNB acknowledges the version (also when
 * it was already installed: Set calls are idempotent), FAILED with the gRPC
 * code and the eNB's message otherwise (e.g. {@code INVALID_ARGUMENT:
 * policy.clusters[0].intra_cluster: must be ...}).
 */
public final class EnbPolicyClient {

    /** Deadline of one call. */
    public static final long DEFAULT_DEADLINE_MS = 3000;

    private final String enbId;
    private final EnbPolicyGrpc.EnbPolicyBlockingStub stub;
    private final long deadlineMs;
    private final Map<String, InstallStatus> status = new ConcurrentHashMap<>();

    /**
     * Creates a client.
     *
     * @param enbId      the eNB this channel reaches
     * @param channel    gRPC channel to it
     * @param deadlineMs per-call deadline in milliseconds
     */
    public EnbPolicyClient(String enbId, Channel channel, long deadlineMs) {
        this.enbId = Objects.requireNonNull(enbId, "enbId");
        this.stub = EnbPolicyGrpc.newBlockingStub(Objects.requireNonNull(channel, "channel"));
        if (deadlineMs <= 0) {
            throw new IllegalArgumentException("deadlineMs: must be > 0, got " + deadlineMs);
        }
        this.deadlineMs = deadlineMs;
    }

    /** Key of the scheduling policy in {@link #status(String)}. */
    public static final String POLICY = "policy";
    /** Key of the split configuration in {@link #status(String)}. */
    public static final String SPLIT = "split";

    /**
     * Returns the last known install status of the policy or the split configuration.
     *
     * @param what {@link #POLICY} or {@link #SPLIT}
     * @return status, or null if nothing was pushed
     */
    public InstallStatus status(String what) {
        return status.get(what);
    }

    /**
     * Pushes a scheduling policy and waits for the acknowledgement.
     *
     * @param policy policy to install
     * @return resulting status (INSTALLED or FAILED)
     */
    public InstallStatus pushPolicy(SchedulingPolicy policy) {
        status.put(POLICY, new InstallStatus(enbId, policy.getVersion(), InstallState.PENDING, ""));
        InstallStatus result;
        try {
            SetSchedulingPolicyResponse r = stub.withDeadlineAfter(deadlineMs, TimeUnit.MILLISECONDS)
                    .setSchedulingPolicy(SetSchedulingPolicyRequest.newBuilder()
                            .setEnbId(enbId).setPolicy(policy).build());
            result = acknowledged(policy.getVersion(), r.getInstalledVersion());
        } catch (StatusRuntimeException e) {
            result = failed(policy.getVersion(), e.getStatus());
        }
        status.put(POLICY, result);
        return result;
    }

    /**
     * Pushes a split configuration and waits for the acknowledgement.
     *
     * @param config split configuration
     * @return resulting status (INSTALLED or FAILED)
     */
    public InstallStatus pushSplit(SplitConfig config) {
        status.put(SPLIT, new InstallStatus(enbId, config.getVersion(), InstallState.PENDING, ""));
        InstallStatus result;
        try {
            SetSplitConfigResponse r = stub.withDeadlineAfter(deadlineMs, TimeUnit.MILLISECONDS)
                    .setSplitConfig(SetSplitConfigRequest.newBuilder().setEnbId(enbId).setConfig(config).build());
            result = acknowledged(config.getVersion(), r.getInstalledVersion());
        } catch (StatusRuntimeException e) {
            result = failed(config.getVersion(), e.getStatus());
        }
        status.put(SPLIT, result);
        return result;
    }

    /**
     * Reads back the installed policy.
     *
     * @return the eNB's installed policy
     * @throws StatusRuntimeException if the call fails
     */
    public SchedulingPolicy readPolicy() {
        return stub.withDeadlineAfter(deadlineMs, TimeUnit.MILLISECONDS)
                .getSchedulingPolicy(GetSchedulingPolicyRequest.newBuilder().setEnbId(enbId).build())
                .getPolicy();
    }

    private InstallStatus acknowledged(long sent, long installed) {
        if (installed != sent) {
            return new InstallStatus(enbId, sent, InstallState.FAILED,
                    "eNB acknowledged version " + installed + " instead of " + sent);
        }
        return new InstallStatus(enbId, sent, InstallState.INSTALLED, "");
    }

    private InstallStatus failed(long sent, Status s) {
        String msg = s.getDescription() == null ? "" : ": " + s.getDescription();
        return new InstallStatus(enbId, sent, InstallState.FAILED, s.getCode().name() + msg);
    }
}
