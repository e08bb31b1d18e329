package org.mpsdn.impl.enb;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentBuilder;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.enb.v1.Cluster;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.FlowSplit;
import org.mpsdn.enb.v1.SchedulingPolicy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Tests of {@link EnbIntentInstaller} against an in-process fake eNB: installed and read back,
 * rejected with the eNB's reason, unreachable, uninstall back to the default, idempotence, and a
 * split configuration carrying the DIDA hold time.
 */
public class EnbIntentInstallerTest {

    private final FakeEnb enb = new FakeEnb();
    private final List<EnbFlow> flows = new ArrayList<>();
    private final List<FlowSplit> splits = new ArrayList<>();
    private Server server;
    private ManagedChannel channel;
    private ExecutorService executor;
    private EnbIntentInstaller installer;

    @Before
    public void setUp() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).addService(enb).build().start();
        channel = InProcessChannelBuilder.forName(name).build();
        EnbPolicyClient client = new EnbPolicyClient("enb1", channel, 2000);
        executor = Executors.newSingleThreadExecutor();
        installer = new EnbIntentInstaller(id -> {
            if (!id.equals("enb1")) {
                throw new IllegalArgumentException("no LTE AP with an enbAgent endpoint in the network config");
            }
            return client;
        }, id -> new ArrayList<>(flows), id -> new ArrayList<>(splits), executor);
        flows.add(new EnbFlow("f1", "alice", "enb1", "alice"));
        flows.add(new EnbFlow("f2", "alice", "enb1", "alice"));
        flows.add(new EnbFlow("f3", "bob", "enb1", "bob"));
        flows.add(new EnbFlow("f4", "carol", "enb2", "carol"));
    }

    @After
    public void tearDown() {
        executor.shutdownNow();
        channel.shutdownNow();
        server.shutdownNow();
    }

    private static IntentBuilder intent() {
        return MpsdnIntent.builder().id("i1").kind(IntentKind.ENB_SCHEDULING).target("enb1")
                .interCluster(EnbDiscipline.PFS);
    }

    private static InstallOutcome await(java.util.concurrent.CompletionStage<InstallOutcome> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static Cluster cluster(String user, Discipline intra) {
        return Cluster.newBuilder().setClusterId("user:" + user).addUeIds(user).setIntraCluster(intra).build();
    }

    @Test
    public void defaultIntentInstallsPaperPolicyAndReadsItBack() throws Exception {
        InstallOutcome o = await(installer.install(intent().build()));
        assertTrue(o.toString(), o.isAcknowledged());
        SchedulingPolicy want = SchedulingPolicy.newBuilder().setVersion(1).setInterCluster(Discipline.DISCIPLINE_PFS)
                .addClusters(cluster("alice", Discipline.DISCIPLINE_MAX_CI))
                .addClusters(cluster("bob", Discipline.DISCIPLINE_MAX_CI)).build();
        assertEquals(want, enb.policy);
    }

    @Test
    public void operatorOverridesPerClusterAndInter() throws Exception {
        MpsdnIntent i = intent().interCluster(EnbDiscipline.ROUND_ROBIN).intraCluster(EnbDiscipline.PFS)
                .clusterOverride("user:bob", EnbDiscipline.ROUND_ROBIN).clusterOverride("alice",
                        EnbDiscipline.MAX_CI).build();
        assertTrue(await(installer.install(i)).isAcknowledged());
        assertEquals(Discipline.DISCIPLINE_ROUND_ROBIN, enb.policy.getInterCluster());
        assertEquals(List.of(cluster("alice", Discipline.DISCIPLINE_MAX_CI),
                cluster("bob", Discipline.DISCIPLINE_ROUND_ROBIN)), enb.policy.getClustersList());
    }

    @Test
    public void sameIntentTwiceDoesNotPushAgain() throws Exception {
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        assertEquals(1, enb.sets);
        assertTrue(await(installer.install(intent().version(2).build())).isAcknowledged());
        assertEquals(1, enb.sets);
        assertEquals(1, enb.policy.getVersion());
        MpsdnIntent changed = intent().interCluster(EnbDiscipline.MAX_CI).version(3).build();
        assertTrue(await(installer.install(changed)).isAcknowledged());
        assertEquals(2, enb.sets);
        assertEquals(2, enb.policy.getVersion());
        assertEquals(Discipline.DISCIPLINE_MAX_CI, enb.policy.getInterCluster());
    }

    @Test
    public void rejectionFailsWithTheEnbsReason() throws Exception {
        synchronized (enb) {
            enb.refuse = Status.INVALID_ARGUMENT.withDescription("policy.pfs_window_tti: must be <= 100000");
        }
        InstallOutcome o = await(installer.install(intent().build()));
        assertFalse(o.isAcknowledged());
        assertEquals("eNB enb1 rejected policy v1: INVALID_ARGUMENT: policy.pfs_window_tti: must be <= 100000",
                o.reason());
        assertEquals(0, enb.policy.getVersion());
    }

    @Test
    public void unservedUeIsLeftOutNotRejected() throws Exception {
        flows.add(new EnbFlow("f5", "dave", "enb1", "dave"));
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        assertEquals(2, enb.policy.getClustersCount());
    }

    @Test
    public void unreachableEnbFailsWithTransportError() throws Exception {
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
        InstallOutcome o = await(installer.install(intent().build()));
        assertFalse(o.isAcknowledged());
        assertTrue(o.reason(), o.reason().startsWith("eNB enb1 unreachable: UNAVAILABLE"));
    }

    @Test
    public void enbWithoutEndpointFailsNamingIt() throws Exception {
        InstallOutcome o = await(installer.install(intent().target("enb9").build()));
        assertEquals("eNB enb9: no LTE AP with an enbAgent endpoint in the network config", o.reason());
    }

    @Test
    public void otherKindsAreRefused() throws Exception {
        MpsdnIntent w = MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.AUTOMATIC).build();
        assertFalse(await(installer.install(w)).isAcknowledged());
    }

    @Test
    public void uninstallRestoresDefaultPolicyAndClearsSplits() throws Exception {
        splits.add(SplitConfigs.tcpSplit("s1", "10.77.0.10", "alice", "bob", 0.5, 0.05, 40, 1, 0.5, 1.0));
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        assertEquals(2, enb.policy.getClustersCount());
        assertEquals(1, enb.split.getSplitsCount());
        InstallOutcome o = await(installer.uninstall(intent().build()));
        assertTrue(o.toString(), o.isAcknowledged());
        assertEquals(SchedulingPolicy.newBuilder().setVersion(2).setInterCluster(Discipline.DISCIPLINE_PFS).build(),
                enb.policy);
        assertEquals(0, enb.split.getSplitsCount());
        assertEquals(2, enb.split.getVersion());
    }

    @Test
    public void splitCarriesDidaHoldTime() throws Exception {
        FlowSplit s = SplitConfigs.tcpSplit("s1", "10.77.0.10", "alice", "bob", 0.5, 0.05, 40, 1, 0.5, 1.0);
        splits.add(s);
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        long tOpt = DidaHoldTime.tOptMicros(0.05, 40, 1, 0.5, 1.0, 1.0);
        assertEquals(tOpt, enb.split.getSplits(0).getHoldTimeUs());
        assertTrue(tOpt > 0);
        assertEquals(1, enb.split.getVersion());
    }

    @Test
    public void sharedBufferSplitIsSentWithItsHoldTime() throws Exception {
        splits.add(SplitConfigs.sharedTcpSplit("s1", "10.77.0.10", "alice", "bob", 0.75, 0.05, 40, 1, 0.5, 1.0));
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        FlowSplit got = enb.split.getSplits(0);
        assertTrue(got.getSharedBuffer());
        assertEquals(0, got.getLteFraction(), 0);
        assertEquals(DidaHoldTime.tOptMicros(0.05, 40, 1, 0.5, 0.5, 1.0), got.getHoldTimeUs());
    }

    @Test
    public void installerWithoutSplitSourceLeavesSplitsAlone() throws Exception {
        org.mpsdn.enb.v1.SplitConfig other = org.mpsdn.enb.v1.SplitConfig.newBuilder().setVersion(4)
                .addSplits(SplitConfigs.tcpSplit("lab", "10.77.0.10", "alice", "bob", 0.5, 0.05, 40, 1, 0.5, 1.0))
                .build();
        synchronized (enb) {
            enb.split = other;
        }
        EnbPolicyClient client = new EnbPolicyClient("enb1", channel, 2000);
        EnbIntentInstaller noSplits = new EnbIntentInstaller(id -> client, id -> new ArrayList<>(flows),
                id -> null, executor);
        assertTrue(await(noSplits.install(intent().build())).isAcknowledged());
        assertEquals(2, enb.policy.getClustersCount());
        assertTrue(await(noSplits.uninstall(intent().build())).isAcknowledged());
        assertEquals(0, enb.policy.getClustersCount());
        assertEquals(other, enb.split);
    }

    @Test
    public void rejectedSplitFailsWithReason() throws Exception {
        synchronized (enb) {
            enb.refuseSplit = Status.FAILED_PRECONDITION.withDescription("config.splits[0].target_ue_id: "
                    + "UE alice has no uplink route");
        }
        splits.add(SplitConfigs.tcpSplit("s1", "10.77.0.10", "alice", "bob", 0.5, 0.05, 40, 1, 0.5, 1.0));
        InstallOutcome o = await(installer.install(intent().build()));
        assertEquals("eNB enb1 rejected split configuration v1: FAILED_PRECONDITION: config.splits[0]"
                + ".target_ue_id: UE alice has no uplink route", o.reason());
        assertEquals(0, enb.split.getSplitsCount());
    }
}
