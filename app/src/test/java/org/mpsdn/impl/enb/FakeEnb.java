package org.mpsdn.impl.enb;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.EnbPolicyGrpc;
import org.mpsdn.enb.v1.GetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.GetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.GetSplitConfigRequest;
import org.mpsdn.enb.v1.GetSplitConfigResponse;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.enb.v1.SetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.SetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.SetSplitConfigRequest;
import org.mpsdn.enb.v1.SetSplitConfigResponse;
import org.mpsdn.enb.v1.SplitConfig;

import java.util.Set;

/**
 * Fake eNB that validates like the reference eNB (UEs served, increasing versions) and can be
 * told to refuse policies or split configurations.
 */
public final class FakeEnb extends EnbPolicyGrpc.EnbPolicyImplBase {
    static final Set<String> SERVED = Set.of("alice", "bob", "carol");

    SchedulingPolicy policy = SchedulingPolicy.newBuilder()
            .setInterCluster(Discipline.DISCIPLINE_PFS).build();
    SplitConfig split = SplitConfig.getDefaultInstance();
    Status refuse;
    Status refuseSplit;
    int sets;

    /** @return policy pushes received so far */
    public synchronized int sets() {
        return sets;
    }

    @Override
    public synchronized void setSchedulingPolicy(SetSchedulingPolicyRequest req,
                                                 StreamObserver<SetSchedulingPolicyResponse> obs) {
        sets++;
        if (refuse != null) {
            obs.onError(refuse.asRuntimeException());
            return;
        }
        SchedulingPolicy p = req.getPolicy();
        for (int i = 0; i < p.getClustersCount(); i++) {
            for (String ue : p.getClusters(i).getUeIdsList()) {
                if (!SERVED.contains(ue)) {
                    obs.onError(Status.FAILED_PRECONDITION.withDescription("policy.clusters[" + i
                            + "].ue_ids: UE " + ue + " is not served").asRuntimeException());
                    return;
                }
            }
        }
        if (p.getVersion() <= policy.getVersion()) {
            obs.onError(Status.FAILED_PRECONDITION.withDescription("policy.version: " + p.getVersion()
                    + " not above installed " + policy.getVersion()).asRuntimeException());
            return;
        }
        policy = p;
        obs.onNext(SetSchedulingPolicyResponse.newBuilder().setInstalledVersion(p.getVersion())
                .setChanged(true).build());
        obs.onCompleted();
    }

    @Override
    public synchronized void getSchedulingPolicy(GetSchedulingPolicyRequest req,
                                                 StreamObserver<GetSchedulingPolicyResponse> obs) {
        obs.onNext(GetSchedulingPolicyResponse.newBuilder().setEnbId(req.getEnbId()).setPolicy(policy)
                .addAllKnownUeIds(SERVED).build());
        obs.onCompleted();
    }

    @Override
    public synchronized void setSplitConfig(SetSplitConfigRequest req,
                                            StreamObserver<SetSplitConfigResponse> obs) {
        if (refuseSplit != null) {
            obs.onError(refuseSplit.asRuntimeException());
            return;
        }
        if (req.getConfig().getVersion() <= split.getVersion()) {
            obs.onError(Status.FAILED_PRECONDITION.withDescription("config.version: stale")
                    .asRuntimeException());
            return;
        }
        split = req.getConfig();
        obs.onNext(SetSplitConfigResponse.newBuilder().setInstalledVersion(split.getVersion())
                .setChanged(true).build());
        obs.onCompleted();
    }

    @Override
    public synchronized void getSplitConfig(GetSplitConfigRequest req, StreamObserver<GetSplitConfigResponse> obs) {
        obs.onNext(GetSplitConfigResponse.newBuilder().setEnbId(req.getEnbId()).setConfig(split).build());
        obs.onCompleted();
    }
}
