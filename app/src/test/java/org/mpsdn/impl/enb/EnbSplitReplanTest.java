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
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentBuilder;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.enb.v1.Cluster;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.FlowSplit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * An intent's split request reaches the eNB with DIDA's hold time, and installed intents are
 * re-planned when the flows at their eNB change (pushed only when the plan changed), with the
 * outcome reported through the state listener. In-process gRPC against {@link FakeEnb}.
 */
public class EnbSplitReplanTest {

    /** One reported state change. */
    private static final class Report {
        final String id;
        final long version;
        final InstallOutcome outcome;

        Report(String id, long version, InstallOutcome outcome) {
            this.id = id;
            this.version = version;
            this.outcome = outcome;
        }
    }

    private final FakeEnb enb = new FakeEnb();
    private final List<EnbFlow> flows = new CopyOnWriteArrayList<>();
    private final List<Report> reports = new CopyOnWriteArrayList<>();
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
        installer = new EnbIntentInstaller(id -> client, id -> new ArrayList<>(flows),
                EnbIntentPlanner::splitsOf, executor);
        installer.setStateListener((id, v, o) -> reports.add(new Report(id, v, o)));
        flows.add(new EnbFlow("f1", "alice", "enb1", "alice"));
    }

    @After
    public void tearDown() {
        executor.shutdownNow();
        channel.shutdownNow();
        server.shutdownNow();
    }

    private static EnbSplit.Builder split() {
        // the DIDA worked example (DidaHoldTimeTest): deltaBuff 2 x 0.25 = 0.5, w 20, Reno, T_E 100 ms
        return EnbSplit.builder().targetUe("alice").secondPathUe("bob").dstIp("10.77.0.10").lteShare(0.25)
                .rttMs(100).windowPackets(20).epochMs(100);
    }

    private static IntentBuilder intent() {
        return MpsdnIntent.builder().id("i1").kind(IntentKind.ENB_SCHEDULING).target("enb1")
                .interCluster(EnbDiscipline.PFS);
    }

    private static InstallOutcome await(java.util.concurrent.CompletionStage<InstallOutcome> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** Waits until everything queued on the installer's executor (a re-plan) ran. */
    private void drain() throws Exception {
        executor.submit(() -> { }).get(10, TimeUnit.SECONDS);
    }

    private int sets() {
        synchronized (enb) {
            return enb.sets;
        }
    }

    @Test
    public void splitIsPushedWithDidaHoldTimeAndItsLinksFormTheTargetsCluster() throws Exception {
        assertTrue(await(installer.install(intent().split(split().dstPort(5201).build()).build())).isAcknowledged());
        synchronized (enb) {
            assertEquals(1, enb.split.getSplitsCount());
            FlowSplit s = enb.split.getSplits(0);
            assertEquals("i1", s.getSplitId());
            assertEquals("alice", s.getTargetUeId());
            assertEquals("bob", s.getSecondPathUeId());
            assertEquals("10.77.0.10", s.getMatch().getDstIp());
            assertEquals(6, s.getMatch().getIpProto());
            assertEquals(5201, s.getMatch().getDstPort());
            assertEquals(0.25, s.getLteFraction(), 0);
            assertFalse(s.getSharedBuffer());
            assertEquals(161432, s.getHoldTimeUs());
            assertEquals(List.of(Cluster.newBuilder().setClusterId("user:alice").addUeIds("alice").addUeIds("bob")
                    .setIntraCluster(Discipline.DISCIPLINE_MAX_CI).build()), enb.policy.getClustersList());
        }
    }

    @Test
    public void sharedBufferSplitAndRemovalOfTheSplit() throws Exception {
        EnbSplit shared = split().mode(SplitMode.SHARED_BUFFER).build();
        assertTrue(await(installer.install(intent().split(shared).build())).isAcknowledged());
        synchronized (enb) {
            FlowSplit s = enb.split.getSplits(0);
            assertTrue(s.getSharedBuffer());
            assertEquals(0, s.getLteFraction(), 0);
            assertEquals(161432, s.getHoldTimeUs());
        }
        // the same intent without a split clears the eNB's split configuration
        assertTrue(await(installer.install(intent().version(2).build())).isAcknowledged());
        synchronized (enb) {
            assertEquals(0, enb.split.getSplitsCount());
            assertEquals(2, enb.split.getVersion());
        }
    }

    @Test
    public void rejectedSplitFailsTheIntent() throws Exception {
        synchronized (enb) {
            enb.refuseSplit = Status.FAILED_PRECONDITION.withDescription("config.splits[0].second_path_ue_id: "
                    + "UE bob has no second path");
        }
        InstallOutcome o = await(installer.install(intent().split(split().build()).build()));
        assertEquals("eNB enb1 rejected split configuration v1: FAILED_PRECONDITION: "
                + "config.splits[0].second_path_ue_id: UE bob has no second path", o.reason());
    }

    @Test
    public void replanPushesOnlyWhenThePlanChanged() throws Exception {
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        assertEquals(1, sets());
        installer.replan("enb1");   // nothing changed
        drain();
        assertEquals(1, sets());
        flows.add(new EnbFlow("f2", "alice", "enb1", "alice"));   // another flow, same plan
        installer.replan("enb1");
        drain();
        assertEquals(1, sets());
        flows.add(new EnbFlow("f3", "bob", "enb1", "bob"));       // a new user: new cluster
        installer.replan("enb2");   // other eNB: not this intent's
        drain();
        assertEquals(1, sets());
        installer.replan("enb1");
        drain();
        assertEquals(2, sets());
        synchronized (enb) {
            assertEquals(2, enb.policy.getVersion());
            assertEquals(List.of("user:alice", "user:bob"), List.of(enb.policy.getClusters(0).getClusterId(),
                    enb.policy.getClusters(1).getClusterId()));
        }
        assertTrue("an accepted re-plan of an installed intent changes no state", reports.isEmpty());
    }

    @Test
    public void rejectedReplanFailsTheIntentAndAnAcceptedOneInstallsItAgain() throws Exception {
        assertTrue(await(installer.install(intent().version(3).build())).isAcknowledged());
        synchronized (enb) {
            enb.refuse = Status.RESOURCE_EXHAUSTED.withDescription("policy.clusters: at most 1 cluster");
        }
        flows.add(new EnbFlow("f3", "bob", "enb1", "bob"));
        installer.replan("enb1");
        drain();
        assertEquals(1, reports.size());
        Report r = reports.get(0);
        assertEquals("i1", r.id);
        assertEquals(3, r.version);
        assertEquals("eNB enb1 rejected policy v2: RESOURCE_EXHAUSTED: policy.clusters: at most 1 cluster",
                r.outcome.reason());
        installer.replan("enb1");   // flows unchanged since the failed attempt: nothing sent, nothing reported
        drain();
        assertEquals(1, reports.size());
        synchronized (enb) {
            enb.refuse = null;
        }
        flows.add(new EnbFlow("f4", "carol", "enb1", "carol"));
        installer.replan("enb1");
        drain();
        assertEquals(2, reports.size());
        assertTrue(reports.get(1).outcome.isAcknowledged());
        assertEquals(3, reports.get(1).version);
        synchronized (enb) {
            assertEquals(3, enb.policy.getClustersCount());
        }
    }

    @Test
    public void recheckRetriesAFailedIntentAndRestoresALostPolicyWithoutFlowChanges() throws Exception {
        installer.setRecheckIntervalMillis(0);
        synchronized (enb) {
            enb.refuse = Status.UNAVAILABLE.withDescription("scheduler restarting");
        }
        InstallOutcome first = await(installer.install(intent().build()));
        assertEquals("eNB enb1 rejected policy v1: UNAVAILABLE: scheduler restarting", first.reason());
        synchronized (enb) {
            enb.refuse = null;
        }
        installer.replan("enb1");
        drain();
        assertEquals(1, reports.size());
        assertTrue(reports.get(0).outcome.isAcknowledged());
        int sets = sets();
        installer.replan("enb1");   // eNB holds the plan: read only, no push
        drain();
        assertEquals(sets, sets());
        synchronized (enb) {      // the eNB restarted with its default policy (version kept increasing)
            enb.policy = enb.policy.toBuilder().clearClusters().setVersion(enb.policy.getVersion() + 1).build();
        }
        installer.replan("enb1");
        drain();
        assertEquals(sets + 1, sets());
        synchronized (enb) {
            assertEquals(1, enb.policy.getClustersCount());
        }
        assertEquals("no state change: the intent stayed installed", 1, reports.size());
    }

    @Test(expected = IllegalArgumentException.class)
    public void negativeRecheckIntervalIsRefused() {
        installer.setRecheckIntervalMillis(-1);
    }

    @Test
    public void withdrawnIntentIsNotReplanned() throws Exception {
        assertTrue(await(installer.install(intent().build())).isAcknowledged());
        assertTrue(await(installer.uninstall(intent().build())).isAcknowledged());
        int before = sets();
        flows.add(new EnbFlow("f3", "bob", "enb1", "bob"));
        installer.replan("enb1");
        drain();
        assertEquals(before, sets());
        assertTrue(reports.isEmpty());
    }
}
