package org.mpsdn.impl.enb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationListener;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.enb.v1.Cluster;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.northbound.IntentBook;
import org.onosproject.TestApplicationId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigServiceAdapter;

import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The ONOS component end to end with the northbound's {@link IntentBook}: the eNB endpoint
 * comes from the netcfg ({@code enbAgent}), the flows from the regulation service, the intent's
 * state from what a (Netty, plaintext for this test) fake eNB acknowledged.
 */
public class EnbPolicyManagerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ApplicationId APP = TestApplicationId.create(RegulationManager.APP_NAME);

    /** Netcfg holding one config; a change is posted to the listeners as ONOS does. */
    private static final class Netcfg extends NetworkConfigServiceAdapter {
        volatile JsonNode node;
        final List<NetworkConfigListener> listeners = new CopyOnWriteArrayList<>();

        void set(JsonNode n) {
            node = n;
            NetworkConfigEvent e = new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_UPDATED, APP,
                    MpsdnConfig.class);
            listeners.stream().filter(l -> l.isRelevant(e)).forEach(l -> l.event(e));
        }

        @Override
        public void addListener(NetworkConfigListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(NetworkConfigListener listener) {
            listeners.remove(listener);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
            if (node == null || configClass != MpsdnConfig.class) {
                return null;
            }
            MpsdnConfig cfg = new MpsdnConfig();
            cfg.init(APP, MpsdnConfig.KEY, node, MAPPER, c -> { });
            return (C) cfg;
        }
    }

    /** Regulation service with a settable flow list whose cycles the test plays. */
    private static final class Regulation implements RegulationService {
        final List<ManagedFlow> flows = new CopyOnWriteArrayList<>();
        final List<RegulationListener> listeners = new CopyOnWriteArrayList<>();

        /** A cycle updated an AP's state. */
        void cycle(String apId) {
            RegulationEvent e = new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED,
                    ApRegulationState.builder(apId, "of:0000000000000002").build());
            listeners.forEach(l -> l.event(e));
        }

        @Override
        public Optional<ApRegulationState> apState(String apId) {
            return Optional.empty();
        }

        @Override
        public Collection<ApRegulationState> apStates() {
            return List.of();
        }

        @Override
        public Map<String, String> primaries() {
            return Map.of();
        }

        @Override
        public Collection<ManagedFlow> managedFlows() {
            return flows;
        }

        @Override
        public void addListener(RegulationListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(RegulationListener listener) {
            listeners.remove(listener);
        }
    }

    private final FakeEnb enb = new FakeEnb();
    private final Netcfg netcfg = new Netcfg();
    private final Regulation regulation = new Regulation();
    private Server server;
    private EnbPolicyManager manager;
    private IntentBook book;

    private static JsonNode config(String enbAgent) throws Exception {
        return MAPPER.readTree("{\"aps\": [{\"id\": \"enb1\", \"kind\": \"lte\", \"deviceId\": "
                + "\"of:0000000000000002\", \"apPort\": 1, \"uplinkPort\": 2, \"capacityKbps\": 20000,"
                + " \"agent\": \"127.0.0.1:50051\"" + (enbAgent == null ? "" : ", \"enbAgent\": \"" + enbAgent + "\"")
                + "}]}");
    }

    @Before
    public void setUp() throws Exception {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(enb).build().start();
        netcfg.node = config("127.0.0.1:" + server.getPort());
        regulation.flows.add(new ManagedFlow("enb1", "alice", "10.0.0.1:5201>10.77.0.10:40000/6",
                Direction.DOWNLINK, Tier.TIER1, 1000, 1e6));
        regulation.flows.add(new ManagedFlow("enb1", "bob", "10.0.0.1:5201>10.77.0.11:40000/6",
                Direction.DOWNLINK, Tier.TIER2, 1000, 1e6));
        regulation.flows.add(new ManagedFlow("wifi1", "carol", "10.0.0.1:5201>10.77.0.12:40000/6",
                Direction.DOWNLINK, Tier.TIER1, 1000, 1e6));
        manager = new EnbPolicyManager();
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP;
            }
        };
        manager.configService = netcfg;
        manager.regulationService = regulation;
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.activate(null);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("enbPlaintext", "true");
        manager.configure(props);
        book = new IntentBook(System::currentTimeMillis);
        book.addInstaller(manager);
    }

    @After
    public void tearDown() throws Exception {
        manager.deactivate();
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
    }

    private MpsdnIntent awaitSettled(String id) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        MpsdnIntent i = book.get(id).orElseThrow();
        while (i.state() == IntentState.PENDING && System.nanoTime() < end) {
            Thread.sleep(20);
            i = book.get(id).orElseThrow();
        }
        return i;
    }

    private static MpsdnIntent intent() {
        return MpsdnIntent.builder().id("i1").kind(IntentKind.ENB_SCHEDULING).target("enb1")
                .interCluster(EnbDiscipline.PFS).clusterOverride("bob", EnbDiscipline.ROUND_ROBIN).build();
    }

    @Test
    public void intentBecomesInstalledWhenTheEnbAcknowledges() throws Exception {
        book.submit(intent());
        MpsdnIntent i = awaitSettled("i1");
        assertEquals(i.reason(), IntentState.INSTALLED, i.state());
        synchronized (enb) {
            assertEquals(List.of(
                    Cluster.newBuilder().setClusterId("user:alice").addUeIds("alice")
                            .setIntraCluster(Discipline.DISCIPLINE_MAX_CI).build(),
                    Cluster.newBuilder().setClusterId("user:bob").addUeIds("bob")
                            .setIntraCluster(Discipline.DISCIPLINE_ROUND_ROBIN).build()),
                    enb.policy.getClustersList());
        }
        assertTrue(book.withdraw("i1"));
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            synchronized (enb) {
                if (enb.policy.getClustersCount() == 0) {
                    break;
                }
            }
            Thread.sleep(20);
        }
        synchronized (enb) {
            assertEquals(0, enb.policy.getClustersCount());
            assertEquals(2, enb.policy.getVersion());
        }
    }

    private MpsdnIntent awaitState(String id, IntentState state, String reason) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        MpsdnIntent i = book.get(id).orElseThrow();
        while (!(i.state() == state && i.reason().equals(reason)) && System.nanoTime() < end) {
            Thread.sleep(20);
            i = book.get(id).orElseThrow();
        }
        return i;
    }

    @Test
    public void splitRequestReachesTheEnbWithItsHoldTime() throws Exception {
        EnbSplit split = EnbSplit.builder().targetUe("alice").secondPathUe("carol").dstIp("10.77.0.10")
                .lteShare(0.25).rttMs(100).windowPackets(20).epochMs(100).build();
        book.submit(intent().toBuilder().split(split).build());
        MpsdnIntent i = awaitSettled("i1");
        assertEquals(i.reason(), IntentState.INSTALLED, i.state());
        synchronized (enb) {
            assertEquals(1, enb.split.getSplitsCount());
            assertEquals(161432, enb.split.getSplits(0).getHoldTimeUs());
            assertEquals("carol", enb.split.getSplits(0).getSecondPathUeId());
            assertEquals(List.of("alice", "carol"), enb.policy.getClusters(0).getUeIdsList());
        }
        assertTrue(book.withdraw("i1"));
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            synchronized (enb) {
                if (enb.split.getSplitsCount() == 0) {
                    break;
                }
            }
            Thread.sleep(20);
        }
        synchronized (enb) {
            assertEquals(0, enb.split.getSplitsCount());
        }
    }

    @Test
    public void cyclesReplanAndTheIntentStateFollowsTheEnb() throws Exception {
        book.submit(intent());
        assertEquals(IntentState.INSTALLED, awaitSettled("i1").state());
        synchronized (enb) {
            enb.refuse = io.grpc.Status.RESOURCE_EXHAUSTED.withDescription("policy.clusters: at most 2");
        }
        regulation.flows.add(new ManagedFlow("enb1", "carol", "10.0.0.1:5201>10.77.0.12:40001/6",
                Direction.DOWNLINK, Tier.TIER1, 1000, 1e6));
        regulation.cycle("wifi1");
        regulation.cycle("enb1");
        MpsdnIntent i = awaitState("i1", IntentState.FAILED,
                "eNB enb1 rejected policy v2: RESOURCE_EXHAUSTED: policy.clusters: at most 2");
        assertEquals(i.reason(), IntentState.FAILED, i.state());
        assertEquals(1, i.version());
        synchronized (enb) {
            enb.refuse = null;
        }
        regulation.flows.removeIf(f -> f.ueId().equals("bob"));
        regulation.cycle("enb1");
        i = awaitState("i1", IntentState.INSTALLED, "");
        assertEquals(i.reason(), IntentState.INSTALLED, i.state());
        synchronized (enb) {
            assertEquals(2, enb.policy.getVersion());
            assertEquals(List.of("user:alice", "user:carol"), List.of(enb.policy.getClusters(0).getClusterId(),
                    enb.policy.getClusters(1).getClusterId()));
        }
    }

    @Test
    public void intentsInstalledBeforeActivationAreTakenOverAndReplanned() throws Exception {
        MpsdnIntent before = intent().withState(IntentState.INSTALLED, "", 1);
        manager.deactivate();
        manager.existingIntents = () -> List.of(before, MpsdnIntent.builder().id("p").kind(IntentKind.ENB_SCHEDULING)
                .target("enb1").interCluster(EnbDiscipline.MAX_CI).build());
        manager.activate(null);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("enbPlaintext", "true");
        manager.configure(props);
        List<String> reported = new CopyOnWriteArrayList<>();
        manager.setStateListener((id, v, o) -> reported.add(id + " v" + v + " " + o));
        synchronized (enb) {
            assertEquals(0, enb.sets);
        }
        regulation.cycle("enb1");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            synchronized (enb) {
                if (enb.sets > 0) {
                    break;
                }
            }
            Thread.sleep(20);
        }
        synchronized (enb) {
            assertEquals("the adopted INSTALLED intent was planned and pushed; the PENDING one was not", 1, enb.sets);
            assertEquals(Discipline.DISCIPLINE_PFS, enb.policy.getInterCluster());
            assertEquals(2, enb.policy.getClustersCount());
        }
        assertTrue("still installed: nothing to report, was " + reported, reported.isEmpty());
    }

    @Test
    public void deactivationStopsListeningToCycles() {
        assertEquals(1, regulation.listeners.size());
        manager.deactivate();
        assertEquals(0, regulation.listeners.size());
        manager.activate(null);
    }

    @Test
    public void rejectionIsTheIntentsReason() throws Exception {
        synchronized (enb) {
            enb.refuse = io.grpc.Status.FAILED_PRECONDITION.withDescription("policy.clusters[1].ue_ids: UE bob "
                    + "is not served");
        }
        book.submit(intent());
        MpsdnIntent i = awaitSettled("i1");
        assertEquals(IntentState.FAILED, i.state());
        assertEquals("eNB enb1 rejected policy v1: FAILED_PRECONDITION: policy.clusters[1].ue_ids: UE bob "
                + "is not served", i.reason());
    }

    @Test
    public void missingEndpointAndUnreachableEnbFailWithReason() throws Exception {
        netcfg.set(config(null));
        book.submit(intent());
        MpsdnIntent i = awaitSettled("i1");
        assertEquals(IntentState.FAILED, i.state());
        assertEquals("eNB enb1: no LTE AP with an enbAgent endpoint in the network config", i.reason());

        int port = server.getPort();
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
        netcfg.set(config("127.0.0.1:" + port));
        book.submit(intent().toBuilder().interCluster(EnbDiscipline.MAX_CI).build());
        i = awaitSettled("i1");
        assertEquals(IntentState.FAILED, i.state());
        assertTrue(i.reason(), i.reason().startsWith("eNB enb1 unreachable: UNAVAILABLE"));
    }

    @Test
    public void withoutTlsFilesEveryIntentFailsNamingThem() throws Exception {
        assertTlsFilesMissingWith("false");
    }

    @Test
    public void aPlaintextValueOtherThanTrueMeansTls() throws Exception {
        assertTlsFilesMissingWith("yes");
    }

    /** With enbPlaintext set to a value, and no TLS files, an intent fails naming them and nothing is sent. */
    private void assertTlsFilesMissingWith(String plaintext) throws Exception {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("enbPlaintext", plaintext);
        props.put("enbDeadlineMs", "soon"); // invalid: logged, the previous deadline stays
        props.put("tlsCertFile", "/nonexistent/controller.crt");
        manager.configure(props);
        book.submit(intent());
        MpsdnIntent i = awaitSettled("i1");
        assertEquals(IntentState.FAILED, i.state());
        assertTrue(i.reason(), i.reason().startsWith("eNB enb1: cannot load controller TLS files "
                + "(tlsCertFile=/nonexistent/controller.crt"));
        synchronized (enb) {
            assertEquals(0, enb.sets);
        }
    }
}
