package org.mpsdn.impl.weights;

import io.grpc.CallCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.onosproject.store.service.TestStorageService;
import org.junit.rules.TemporaryFolder;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.ClientPath;
import org.mpsdn.client.v1.ClientWeightsGrpc;
import org.mpsdn.client.v1.PathApplied;
import org.mpsdn.client.v1.PathWeight;
import org.mpsdn.client.v1.SubflowReport;
import org.mpsdn.client.v1.SubflowStats;
import org.mpsdn.client.v1.SubscribeRequest;
import org.mpsdn.client.v1.WeightSource;
import org.mpsdn.client.v1.WeightUpdate;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Hashtable;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The ClientWeights component against a fake regulation service, with a gRPC client over real TCP.
 */
public class ClientWeightsManagerTest {
    private static final String TOKEN = "token-of-ue1-0123456789";
    private static final long WAIT_S = 5;

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private FakeRegulationService regulation;
    private ClientWeightsManager manager;
    private ManagedChannel channel;

    @Before
    public void setUp() throws Exception {
        regulation = new FakeRegulationService();
        manager = new ClientWeightsManager();
        manager.regulationService = regulation;
        manager.storageService = new TestStorageService();
        File tokens = tmp.newFile("tokens");
        Files.write(tokens.toPath(), ("# lab tokens\nue1 " + TOKEN + "\n").getBytes(StandardCharsets.UTF_8));
        manager.start(props(tokens.getPath(), "200"));
    }

    @After
    public void tearDown() {
        if (channel != null) {
            channel.shutdownNow();
        }
        manager.stop();
    }

    private static Hashtable<String, Object> props(String tokensFile, String ackTimeoutMs) {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(OsgiPropertyConstants.PORT, 0);
        p.put(OsgiPropertyConstants.PLAINTEXT, true);
        p.put(OsgiPropertyConstants.TOKENS_FILE, tokensFile);
        p.put(OsgiPropertyConstants.ACK_TIMEOUT_MS, ackTimeoutMs);
        p.put(OsgiPropertyConstants.REFRESH_MS, 60000);
        return p;
    }

    private ClientWeightsGrpc.ClientWeightsStub async() {
        return ClientWeightsGrpc.newStub(channel()).withCallCredentials(bearer());
    }

    private ClientWeightsGrpc.ClientWeightsBlockingStub blocking() {
        return ClientWeightsGrpc.newBlockingStub(channel()).withCallCredentials(bearer())
                .withDeadlineAfter(WAIT_S, TimeUnit.SECONDS);
    }

    private ManagedChannel channel() {
        if (channel == null) {
            int port = manager.serverPort().orElseThrow(() -> new AssertionError("server not running"));
            channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
        }
        return channel;
    }

    private static CallCredentials bearer() {
        return new CallCredentials() {
            @Override
            public void applyRequestMetadata(RequestInfo info, Executor executor, MetadataApplier applier) {
                Metadata h = new Metadata();
                h.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + TOKEN);
                applier.apply(h);
            }
        };
    }

    /** Subscribes ue1 with a Wi-Fi path on ap1 and an LTE path on enb1. */
    private WeightSink subscribe() {
        WeightSink s = new WeightSink();
        async().subscribe(SubscribeRequest.newBuilder().setClientId("ue1")
                .addPaths(ClientPath.newBuilder().setPathId("wlan0").addAddresses("10.0.1.2").setApId("ap1"))
                .addPaths(ClientPath.newBuilder().setPathId("lte0").addAddresses("10.0.2.2").setApId("enb1"))
                .build(), s);
        return s;
    }

    private void ack(WeightUpdate u, String failedPath, String error) {
        AckRequest.Builder a = AckRequest.newBuilder().setClientId("ue1").setEpoch(u.getEpoch())
                .setVersion(u.getVersion()).setBackend("test");
        for (PathWeight w : u.getWeightsList()) {
            boolean ok = !w.getPathId().equals(failedPath);
            a.addPaths(PathApplied.newBuilder().setPathId(w.getPathId()).setWeight(w.getWeight()).setOk(ok)
                    .setError(ok ? "" : error));
        }
        blocking().ack(a.build());
    }

    private static MpsdnIntent manual(int wifi, int lte) {
        return MpsdnIntent.builder().id("w1").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.MANUAL).weight("wlan0", wifi).weight("lte0", lte).build();
    }

    private static MpsdnIntent automatic() {
        return MpsdnIntent.builder().id("w1").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.AUTOMATIC).build();
    }

    private static Map<String, Integer> weights(WeightUpdate u) {
        return u.getWeightsList().stream().collect(Collectors.toMap(PathWeight::getPathId, PathWeight::getWeight));
    }

    private static InstallOutcome outcome(CompletableFuture<InstallOutcome> f) throws Exception {
        return f.get(WAIT_S, TimeUnit.SECONDS);
    }

    @Test
    public void activationStartsAServerAClientCanSubscribeTo() throws Exception {
        assertTrue(manager.serverPort().isPresent());
        WeightUpdate first = subscribe().next();
        assertEquals("ue1", first.getClientId());
        assertEquals(1, first.getVersion());
        assertEquals(WeightSource.WEIGHT_SOURCE_AUTOMATIC, first.getSource());
        assertEquals(Map.of("wlan0", 1000, "lte0", 1000), weights(first));
    }

    @Test
    public void disablingStopsTheServerAndEnablingStartsItAgain() throws Exception {
        subscribe().next();
        int port = manager.serverPort().orElseThrow();
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(OsgiPropertyConstants.ENABLED, "false");
        manager.reconfigure(p);
        assertFalse(manager.serverPort().isPresent());
        try {
            blocking().ack(AckRequest.newBuilder().setClientId("ue1").setEpoch(1).setVersion(1).build());
            fail("the server on port " + port + " still answers");
        } catch (StatusRuntimeException e) {
            assertEquals(Status.Code.UNAVAILABLE, e.getStatus().getCode());
        }
        p.put(OsgiPropertyConstants.ENABLED, "true");
        manager.reconfigure(p);
        assertTrue(manager.serverPort().isPresent());
    }

    @Test
    public void invalidPropertyKeepsThePreviousSettings() {
        int port = manager.serverPort().orElseThrow();
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(OsgiPropertyConstants.PORT, "70000");
        manager.reconfigure(p);
        assertEquals(Integer.valueOf(port), manager.serverPort().orElseThrow());
    }

    @Test
    public void manualIntentIsInstalledOnlyAfterTheAck() throws Exception {
        WeightSink s = subscribe();
        s.next();
        CompletableFuture<InstallOutcome> f = manager.install(manual(200, 10)).toCompletableFuture();
        WeightUpdate u = s.next();
        assertEquals(WeightSource.WEIGHT_SOURCE_MANUAL, u.getSource());
        assertEquals(Map.of("wlan0", 200, "lte0", 10), weights(u));
        assertFalse("installed before the client acknowledged", f.isDone());
        ack(u, null, null);
        assertTrue(outcome(f).isAcknowledged());
    }

    @Test
    public void ackOfAnOlderVersionDoesNotInstall() throws Exception {
        WeightSink s = subscribe();
        WeightUpdate first = s.next();
        CompletableFuture<InstallOutcome> f = manager.install(manual(200, 10)).toCompletableFuture();
        WeightUpdate u = s.next();
        ack(first, null, null);
        assertFalse(f.isDone());
        ack(u, null, null);
        assertTrue(outcome(f).isAcknowledged());
    }

    @Test
    public void unregisteredClientFails() throws Exception {
        InstallOutcome o = outcome(manager.install(manual(200, 10)).toCompletableFuture());
        assertFalse(o.isAcknowledged());
        assertThat(o.reason(), containsString("client ue1 is not registered"));
        // nothing was set: the client subscribing later gets automatic weights
        assertEquals(WeightSource.WEIGHT_SOURCE_AUTOMATIC, subscribe().next().getSource());
    }

    @Test
    public void unknownPathFails() throws Exception {
        subscribe().next();
        MpsdnIntent i = MpsdnIntent.builder().id("w1").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.MANUAL).weight("wwan9", 5).build();
        InstallOutcome o = outcome(manager.install(i).toCompletableFuture());
        assertFalse(o.isAcknowledged());
        assertThat(o.reason(), containsString("has no path wwan9"));
    }

    @Test
    public void ackWithAnErrorFailsWithTheClientsError() throws Exception {
        WeightSink s = subscribe();
        s.next();
        CompletableFuture<InstallOutcome> f = manager.install(manual(200, 10)).toCompletableFuture();
        ack(s.next(), "lte0", "tc: RTNETLINK answers: Operation not permitted");
        InstallOutcome o = outcome(f);
        assertFalse(o.isAcknowledged());
        assertThat(o.reason(), containsString("could not apply version 2"));
        assertThat(o.reason(), containsString("lte0: tc: RTNETLINK answers: Operation not permitted"));
    }

    @Test
    public void noAckFailsAfterTheTimeout() throws Exception {
        WeightSink s = subscribe();
        s.next();
        CompletableFuture<InstallOutcome> f = manager.install(manual(200, 10)).toCompletableFuture();
        s.next();
        InstallOutcome o = outcome(f);
        assertFalse(o.isAcknowledged());
        assertThat(o.reason(), containsString("did not acknowledge weights version 2 within 200 ms"));
    }

    @Test
    public void automaticIntentClearsManualWeightsAndWaitsForTheAck() throws Exception {
        WeightSink s = subscribe();
        s.next();
        CompletableFuture<InstallOutcome> m = manager.install(manual(200, 10)).toCompletableFuture();
        ack(s.next(), null, null);
        assertTrue(outcome(m).isAcknowledged());
        CompletableFuture<InstallOutcome> a = manager.install(automatic()).toCompletableFuture();
        WeightUpdate u = s.next();
        assertEquals(WeightSource.WEIGHT_SOURCE_AUTOMATIC, u.getSource());
        assertFalse(a.isDone());
        ack(u, null, null);
        assertTrue(outcome(a).isAcknowledged());
    }

    @Test
    public void stoppingFailsWaitingIntents() throws Exception {
        WeightSink s = subscribe();
        s.next();
        CompletableFuture<InstallOutcome> f = manager.install(manual(200, 10)).toCompletableFuture();
        manager.stop();
        InstallOutcome o = outcome(f);
        assertFalse(o.isAcknowledged());
        assertThat(o.reason(), containsString("stopped"));
    }

    @Test
    public void automaticWeightsFollowTheRegulationState() throws Exception {
        WeightSink s = subscribe();
        s.next();
        regulation.primaries.put("ue1", "ap1");
        ApRegulationState enb = ApRegulationState.builder("enb1", "of:2")
                .limit(Direction.UPLINK, 4000, 7).build();
        regulation.states.put("enb1", enb);
        regulation.flows.add(new ManagedFlow("enb1", "ue1", "tcp 10.0.2.2:4000-10.9.0.1:5201", Direction.UPLINK,
                Tier.TIER2, 1000, 2e6));
        // the client measures 10 Mb/s on Wi-Fi and 2 Mb/s on LTE
        blocking().reportSubflows(SubflowReport.newBuilder().setClientId("ue1")
                .addSubflows(SubflowStats.newBuilder().setPathId("wlan0").setMeasuredRateBps(10_000_000))
                .addSubflows(SubflowStats.newBuilder().setPathId("lte0").setMeasuredRateBps(2_000_000))
                .build());
        // the report alone (no regulation state read yet) keeps LTE at full weight
        regulation.post(enb);
        // limit 4 Mb/s, Tier-2 rate 2 Mb/s, 1 client: allowance 2 + 2 = 4 Mb/s; weight 1000 x 4 / 10
        WeightUpdate u = s.nextMatching(x -> weights(x).get("lte0") == 400);
        assertEquals(Integer.valueOf(1000), weights(u).get("wlan0"));
        assertEquals("tier2-share", u.getWeightsList().stream().filter(w -> w.getPathId().equals("lte0"))
                .findFirst().orElseThrow().getReason());
        // the regulation loop halves the limit to 1 Mb/s: the Tier-2 traffic fills it, allowance 1 Mb/s
        ApRegulationState lower = enb.toBuilder().limit(Direction.UPLINK, 1000, 8).build();
        regulation.states.put("enb1", lower);
        regulation.post(lower);
        u = s.nextMatching(x -> weights(x).get("lte0") != 400);
        assertEquals(Integer.valueOf(100), weights(u).get("lte0"));
        // the primary moves to the eNB: LTE gets full weight, Wi-Fi (unregulated AP) keeps full weight
        regulation.primaries.put("ue1", "enb1");
        regulation.post(lower);
        u = s.nextMatching(x -> weights(x).get("lte0") == 1000);
        assertEquals("primary", u.getWeightsList().stream().filter(w -> w.getPathId().equals("lte0"))
                .findFirst().orElseThrow().getReason());
    }

    @Test
    public void regulationIsWhatTheLastRefreshRead() {
        assertSame(RegulationInput.NONE, manager.regulation());
        regulation.primaries.put("ue1", "ap1");
        LimitDecision floor = new LimitDecision(SignalSource.TIER1_STATIONS, 0.6, 0.4, 100, 50_000,
                LimitReason.FLOOR, "", 0);
        regulation.states.put("enb1", ApRegulationState.builder("enb1", "of:2").limit(Direction.DOWNLINK, 100, 7)
                .decision(Direction.DOWNLINK, floor).build());
        manager.refresh();
        RegulationInput r = manager.regulation();
        assertEquals(Optional.of("ap1"), r.primaryAp("ue1"));
        assertTrue("a floor in the downlink backs up the uplink weights too", r.tier2AtFloor("enb1"));
        // a later change is seen only after the next refresh
        regulation.primaries.put("ue1", "enb1");
        assertEquals(Optional.of("ap1"), manager.regulation().primaryAp("ue1"));
        manager.refresh();
        assertEquals(Optional.of("enb1"), manager.regulation().primaryAp("ue1"));
    }
}
