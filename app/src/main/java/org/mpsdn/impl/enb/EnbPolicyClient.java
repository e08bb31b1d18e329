package org.mpsdn.impl.enb;

import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NegotiationType;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import org.mpsdn.enb.v1.EnbPolicyGrpc;
import org.mpsdn.enb.v1.GetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.GetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.GetSplitConfigRequest;
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
 *
 * <p>A client made by {@link #overTls} owns its channel (mTLS: the controller's certificate,
 * the eNB's certificate checked against the controller CA and bound to
 * {@code mpsdn://ap/<enbId>}); {@link #close()} shuts it down. A client made with the public
 * constructor uses the caller's channel and {@link #close()} leaves it alone.</p>
 */
public final class EnbPolicyClient implements AutoCloseable {

    /** Deadline of one call. */
    public static final long DEFAULT_DEADLINE_MS = OsgiPropertyConstants.ENB_DEADLINE_MS_DEFAULT;

    private final String enbId;
    private final EnbPolicyGrpc.EnbPolicyBlockingStub stub;
    private final long deadlineMs;
    private final Map<String, InstallStatus> status = new ConcurrentHashMap<>();
    private final ManagedChannel owned;

    /**
     * Creates a client.
     *
     * @param enbId      the eNB this channel reaches
     * @param channel    gRPC channel to it
     * @param deadlineMs per-call deadline in milliseconds
     */
    public EnbPolicyClient(String enbId, Channel channel, long deadlineMs) {
        this(enbId, channel, deadlineMs, null);
    }

    private EnbPolicyClient(String enbId, Channel channel, long deadlineMs, ManagedChannel owned) {
        this.owned = owned;
        this.enbId = Objects.requireNonNull(enbId, "enbId");
        this.stub = EnbPolicyGrpc.newBlockingStub(Objects.requireNonNull(channel, "channel"));
        if (deadlineMs <= 0) {
            throw new IllegalArgumentException("deadlineMs: must be > 0, got " + deadlineMs);
        }
        this.deadlineMs = deadlineMs;
    }

    /**
     * Connects to an eNB over mTLS.
     *
     * @param enbId      the eNB (its certificate must carry {@code mpsdn://ap/<enbId>})
     * @param host       host of the eNB's policy service
     * @param port       its port
     * @param tls        client TLS context, e.g.
     *                   {@link org.mpsdn.impl.tls.ControllerTls#clientContext(String)}
     * @param deadlineMs per-call deadline in milliseconds
     * @return a client owning its channel
     */
    public static EnbPolicyClient overTls(String enbId, String host, int port, SslContext tls, long deadlineMs) {
        Objects.requireNonNull(tls, "tls");
        ManagedChannel ch = NettyChannelBuilder.forAddress(host, port).sslContext(tls)
                .negotiationType(NegotiationType.TLS).build();
        return new EnbPolicyClient(enbId, ch, deadlineMs, ch);
    }

    /**
     * Connects to an eNB without TLS. Lab only: anyone on the path can read and forge policies.
     *
     * @param enbId      the eNB
     * @param host       host of the eNB's policy service
     * @param port       its port
     * @param deadlineMs per-call deadline in milliseconds
     * @return a client owning its channel
     */
    public static EnbPolicyClient plaintext(String enbId, String host, int port, long deadlineMs) {
        ManagedChannel ch = NettyChannelBuilder.forAddress(host, port).usePlaintext().build();
        return new EnbPolicyClient(enbId, ch, deadlineMs, ch);
    }

    /**
     * Returns the eNB this client talks to.
     *
     * @return eNB id
     */
    public String enbId() {
        return enbId;
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

    /**
     * Reads back the installed policy and the UEs the eNB serves.
     *
     * @return the eNB's answer
     * @throws StatusRuntimeException if the call fails
     */
    public GetSchedulingPolicyResponse read() {
        return stub.withDeadlineAfter(deadlineMs, TimeUnit.MILLISECONDS)
                .getSchedulingPolicy(GetSchedulingPolicyRequest.newBuilder().setEnbId(enbId).build());
    }

    /**
     * Reads back the installed split configuration.
     *
     * @return the eNB's split configuration
     * @throws StatusRuntimeException if the call fails
     */
    public SplitConfig readSplit() {
        return stub.withDeadlineAfter(deadlineMs, TimeUnit.MILLISECONDS)
                .getSplitConfig(GetSplitConfigRequest.newBuilder().setEnbId(enbId).build()).getConfig();
    }

    /**
     * Shuts down the channel if this client owns it.
     */
    @Override
    public void close() {
        if (owned != null) {
            owned.shutdownNow();
        }
    }

    private InstallStatus acknowledged(long sent, long installed) {
        if (installed != sent) {
            return new InstallStatus(enbId, sent, InstallState.FAILED,
                    "eNB acknowledged version " + installed + " instead of " + sent);
        }
        return new InstallStatus(enbId, sent, InstallState.INSTALLED, "");
    }

    private InstallStatus failed(long sent, Status s) {
        return new InstallStatus(enbId, sent, InstallState.FAILED, VersionedPush.describe(s));
    }
}
