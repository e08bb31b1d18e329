package org.mpsdn.impl.enb;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.enb.v1.Cluster;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.EnbPolicyGrpc;
import org.mpsdn.enb.v1.GetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.GetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.enb.v1.SetSchedulingPolicyRequest;
import org.mpsdn.enb.v1.SetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.SetSplitConfigRequest;
import org.mpsdn.enb.v1.SetSplitConfigResponse;
import org.mpsdn.enb.v1.SplitConfig;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Tests of {@link EnbPolicyClient} against an in-process eNB that validates like the reference eNB.
 */
public class EnbPolicyClientTest {

    private static final Set<String> UES = new HashSet<>(Arrays.asList("ue0", "ue1", "ue2"));

    /** Minimal eNB: checks intra disciplines and UE ids, versions, idempotence. */
    private static final class FakeEnb extends EnbPolicyGrpc.EnbPolicyImplBase {
        private SchedulingPolicy installed = SchedulingPolicy.getDefaultInstance();

        @Override
        public synchronized void setSchedulingPolicy(SetSchedulingPolicyRequest req,
                                                     StreamObserver<SetSchedulingPolicyResponse> obs) {
            SchedulingPolicy p = req.getPolicy();
            for (int i = 0; i < p.getClustersCount(); i++) {
                Cluster c = p.getClusters(i);
                if (c.getIntraCluster() == Discipline.DISCIPLINE_UNSPECIFIED) {
                    obs.onError(Status.INVALID_ARGUMENT.withDescription(
                            "policy.clusters[" + i + "].intra_cluster: must be set").asRuntimeException());
                    return;
                }
                for (String ue : c.getUeIdsList()) {
                    if (!UES.contains(ue)) {
                        obs.onError(Status.FAILED_PRECONDITION.withDescription(
                                "policy.clusters[" + i + "]: UE " + ue + " is not served").asRuntimeException());
                        return;
                    }
                }
            }
            if (p.getVersion() < installed.getVersion()) {
                obs.onError(Status.FAILED_PRECONDITION.withDescription("policy.version: stale").asRuntimeException());
                return;
            }
            boolean changed = !p.equals(installed);
            installed = p;
            obs.onNext(SetSchedulingPolicyResponse.newBuilder()
                    .setInstalledVersion(p.getVersion()).setChanged(changed).build());
            obs.onCompleted();
        }

        @Override
        public synchronized void getSchedulingPolicy(GetSchedulingPolicyRequest req,
                                                     StreamObserver<GetSchedulingPolicyResponse> obs) {
            obs.onNext(GetSchedulingPolicyResponse.newBuilder().setEnbId(req.getEnbId()).setPolicy(installed)
                    .addAllKnownUeIds(UES).build());
            obs.onCompleted();
        }

        @Override
        public void setSplitConfig(SetSplitConfigRequest req, StreamObserver<SetSplitConfigResponse> obs) {
            obs.onNext(SetSplitConfigResponse.newBuilder()
                    .setInstalledVersion(req.getConfig().getVersion()).setChanged(true).build());
            obs.onCompleted();
        }
    }

    private Server server;
    private ManagedChannel channel;
    private EnbPolicyClient client;

    @Before
    public void setUp() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).directExecutor().addService(new FakeEnb()).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        client = new EnbPolicyClient("enb1", channel, EnbPolicyClient.DEFAULT_DEADLINE_MS);
    }

    @After
    public void tearDown() {
        channel.shutdownNow();
        server.shutdownNow();
    }

    private static SchedulingPolicy planned(long version) {
        return new EnbPolicyPlanner().plan(Arrays.asList(new EnbFlow("f1", "alice", "enb1", "ue0"),
                new EnbFlow("f2", "alice", "enb1", "ue1")), version).policies().get("enb1");
    }

    @Test
    public void plannedPolicyIsInstalledAndReadBack() {
        assertNull(client.status(EnbPolicyClient.POLICY));
        InstallStatus s = client.pushPolicy(planned(3));
        assertEquals(InstallState.INSTALLED, s.state());
        assertEquals(3, s.version());
        assertEquals(s, client.status(EnbPolicyClient.POLICY));
        assertEquals(planned(3), client.readPolicy());
        // Idempotent repeat stays INSTALLED.
        assertEquals(InstallState.INSTALLED, client.pushPolicy(planned(3)).state());
    }

    @Test
    public void rejectionIsRecordedWithReason() {
        Cluster unset = planned(4).getClusters(0).toBuilder()
                .setIntraCluster(Discipline.DISCIPLINE_UNSPECIFIED).build();
        SchedulingPolicy bad = planned(4).toBuilder().setClusters(0, unset).build();
        InstallStatus s = client.pushPolicy(bad);
        assertEquals(InstallState.FAILED, s.state());
        assertEquals("INVALID_ARGUMENT: policy.clusters[0].intra_cluster: must be set", s.reason());

        SchedulingPolicy unknownUe = new EnbPolicyPlanner().plan(Collections.singletonList(
                new EnbFlow("f", "carol", "enb1", "ue9")), 5).policies().get("enb1");
        s = client.pushPolicy(unknownUe);
        assertEquals(InstallState.FAILED, s.state());
        assertTrue(s.reason(), s.reason().startsWith("FAILED_PRECONDITION: policy.clusters[0]"));
        assertEquals(s, client.status(EnbPolicyClient.POLICY));
    }

    @Test
    public void unreachableEnbFails() {
        channel.shutdownNow();
        InstallStatus s = client.pushPolicy(planned(1));
        assertEquals(InstallState.FAILED, s.state());
        assertTrue(s.reason(), s.reason().startsWith("UNAVAILABLE"));
    }

    @Test
    public void splitPushed() {
        SplitConfig cfg = SplitConfig.newBuilder().setVersion(2)
                .addSplits(SplitConfigs.tcpSplit("s1", "10.1.0.10", "ue0", "ue1", 0.5, 0.05, 20, 1, 0.5, 0.5))
                .build();
        InstallStatus s = client.pushSplit(cfg);
        assertEquals(InstallState.INSTALLED, s.state());
        assertEquals(s, client.status(EnbPolicyClient.SPLIT));
    }
}
