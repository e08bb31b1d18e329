package org.mpsdn.impl;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.impl.enb.EnbPolicyManager;
import org.mpsdn.impl.enb.FakeEnb;
import org.mpsdn.impl.northbound.DistributedIntentTable;
import org.mpsdn.impl.northbound.IntentBook;
import org.mpsdn.impl.northbound.IntentTable;
import org.onlab.junit.TestUtils;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * eNB intents in a three-instance cluster (one JVM, one storage service, one leadership): whichever instance
 * an intent is submitted on, the owner of the eNB's control domain pushes it once per version and is the only
 * instance that writes its state; the others never push, not even when their re-check is due.
 */
public class ClusterEnbTest {
    private final FakeEnb enb = new FakeEnb();
    private final List<Harness> cluster = new ArrayList<>();
    private final List<EnbPolicyManager> installers = new ArrayList<>();
    private final List<IntentBook> books = new ArrayList<>();
    /** Per instance: the intent states it wrote (other than PENDING). */
    private final List<List<String>> stateWrites = new ArrayList<>();
    private Server server;

    @Before
    public void setUp() throws Exception {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(enb).build().start();
        Harness a = new Harness();
        a.netcfg.config = FakeConfigRegistry.parse(Harness.APP, Harness.CONFIG.replace("\"agent\": \"10.0.0.2:50051\"",
                "\"agent\": \"10.0.0.2:50051\", \"enbAgent\": \"127.0.0.1:" + server.getPort() + "\""));
        cluster.add(a);
        cluster.add(a.peer().master(DEV1));
        cluster.add(a.peer().master(DEV2));
        for (Harness h : cluster) {
            h.deliverEvents = true;
            h.activate();
            EnbPolicyManager m = new EnbPolicyManager();
            TestUtils.setField(m, "coreService", new CoreServiceAdapter() {
                @Override
                public ApplicationId registerApplication(String name) {
                    return Harness.APP;
                }
            });
            TestUtils.setField(m, "configService", h.netcfg);
            TestUtils.setField(m, "regulationService", h.manager);
            TestUtils.setField(m, "componentConfigService", new ComponentConfigAdapter());
            TestUtils.setField(m, "leadershipService", h.cluster.leadership(h.node));
            TestUtils.setField(m, "clusterService", FakeCluster.clusterService(h.node));
            TestUtils.setField(m, "storageService", h.storage);
            TestUtils.callMethod(m, "activate", new Class<?>[]{org.osgi.service.component.ComponentContext.class},
                    (Object) null);
            Dictionary<String, Object> props = new Hashtable<>();
            props.put("enbPlaintext", "true");
            props.put("enbRecheckMs", "0"); // every re-plan re-checks: only the owner may do it
            TestUtils.callMethod(m, "configure", new Class<?>[]{Dictionary.class}, props);
            List<String> writes = new CopyOnWriteArrayList<>();
            stateWrites.add(writes);
            IntentBook book = new IntentBook(System::currentTimeMillis, recording(h, writes));
            book.addInstaller(m);
            installers.add(m);
            books.add(book);
        }
    }

    /** The cluster's intent table seen from one instance, recording the states that instance writes. */
    private static IntentTable recording(Harness h, List<String> writes) {
        DistributedIntentTable table = new DistributedIntentTable(h.storage);
        return new IntentTable() {
            @Override
            public Optional<MpsdnIntent> get(String id) {
                return table.get(id);
            }

            @Override
            public Collection<MpsdnIntent> values() {
                return table.values();
            }

            @Override
            public void put(MpsdnIntent intent) {
                if (intent.state() != IntentState.PENDING) {
                    writes.add(intent.id() + " v" + intent.version() + " " + intent.state());
                }
                table.put(intent);
            }

            @Override
            public Optional<MpsdnIntent> remove(String id) {
                return table.remove(id);
            }
        };
    }

    @After
    public void tearDown() throws Exception {
        installers.forEach(m -> TestUtils.callMethod(m, "deactivate", new Class<?>[]{}));
        cluster.forEach(Harness::deactivate);
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static MpsdnIntent intent(EnbDiscipline inter) {
        return MpsdnIntent.builder().id("i1").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                .interCluster(inter).build();
    }

    private MpsdnIntent await(long version, IntentState state) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        MpsdnIntent i = books.get(0).get("i1").orElseThrow();
        while ((i.version() != version || i.state() != state) && System.nanoTime() < end) {
            Thread.sleep(20);
            i = books.get(0).get("i1").orElseThrow();
        }
        return i;
    }

    /** One cycle of every instance; the owner's cycle makes its eNB installer re-plan. */
    private void cycleAll() {
        cluster.get(0).now.addAndGet(2000);
        cluster.forEach(Harness::cycle);
    }

    @Test
    public void theOwnerPushesEachVersionOnceAndAloneWritesItsState() throws Exception {
        books.get(2).submit(intent(EnbDiscipline.MAX_CI)); // on an instance that does not own the domain
        MpsdnIntent v1 = await(1, IntentState.INSTALLED);
        assertEquals(v1.reason(), IntentState.INSTALLED, v1.state());
        for (int c = 0; c < 3; c++) {
            cycleAll();
        }
        books.get(1).submit(intent(EnbDiscipline.PFS)); // a new version, on the other non-owner
        MpsdnIntent v2 = await(2, IntentState.INSTALLED);
        assertEquals(v2.reason(), IntentState.INSTALLED, v2.state());
        for (int c = 0; c < 3; c++) {
            cycleAll();
        }
        Thread.sleep(200); // re-plans run on the installers' threads
        assertEquals("one push per intent version across the cluster", 2, enb.sets());
        assertTrue("the owner wrote the states", stateWrites.get(0).containsAll(
                List.of("i1 v1 INSTALLED", "i1 v2 INSTALLED")));
        assertEquals("no other instance wrote a state", List.of(), stateWrites.get(1));
        assertEquals(List.of(), stateWrites.get(2));
    }

    @Test
    public void aNewOwnerTakesTheIntentOverWithoutPushingItAgain() throws Exception {
        books.get(1).submit(intent(EnbDiscipline.MAX_CI));
        assertEquals(IntentState.INSTALLED, await(1, IntentState.INSTALLED).state());
        Harness dead = cluster.remove(0);
        TestUtils.callMethod(installers.remove(0), "deactivate", new Class<?>[]{});
        stateWrites.remove(0);
        books.remove(0);
        dead.deactivate();
        dead.cluster.remove(dead.node);
        for (int c = 0; c < 3; c++) {
            cycleAll();
        }
        Thread.sleep(200);
        assertEquals("the new owner re-checked the eNB, which holds the policy: no second push", 1, enb.sets());
        books.get(0).submit(intent(EnbDiscipline.PFS));
        assertEquals(IntentState.INSTALLED, await(2, IntentState.INSTALLED).state());
        assertEquals(2, enb.sets());
        assertEquals("the new owner wrote v2's state, once", List.of("i1 v2 INSTALLED"), stateWrites.get(0));
        assertEquals(List.of(), stateWrites.get(1));
    }
}
