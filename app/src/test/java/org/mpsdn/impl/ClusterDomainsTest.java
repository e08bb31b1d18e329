package org.mpsdn.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.decide.ApView;
import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.northbound.NorthboundManager;
import org.mpsdn.impl.telemetry.AgentEndpoint;
import org.onlab.junit.TestUtils;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.meter.MeterId;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.Harness.DEV1;
import static org.mpsdn.impl.Harness.DEV2;

/**
 * Three app instances of one ONOS cluster in one JVM: one storage service, one network (flow and meter services
 * that route to each switch's master), one leadership; own mastership, telemetry and engine each. The instance
 * that runs first leads the one control domain of the default config; the switches are mastered by the others.
 */
public class ClusterDomainsTest {
    private static final long CYCLE_MS = 2000;
    private static final ApDirection DL = new ApDirection("wifi1", Direction.DOWNLINK);

    private final List<Harness> cluster = new ArrayList<>();
    private final List<List<AgentEndpoint>> polled = new ArrayList<>();
    /** AP_STATE_UPDATED events each instance's listeners got (what re-plans eNB policies and client weights). */
    private final List<List<String>> updates = new ArrayList<>();
    private final long[] target = {16_250};

    @Before
    public void setUp() {
        Harness a = new Harness();
        a.meters.flows = a.flows;
        cluster.add(a);
        cluster.add(a.peer().master(DEV1));
        cluster.add(a.peer().master(DEV2));
        for (Harness h : cluster) {
            List<AgentEndpoint> agents = new CopyOnWriteArrayList<>();
            polled.add(agents);
            List<String> updated = new CopyOnWriteArrayList<>();
            updates.add(updated);
            h.deliverEvents = true;
            h.activate();
            h.manager.addListener(e -> {
                if (e.type() == RegulationEvent.Type.AP_STATE_UPDATED) {
                    updated.add(e.subject().apId());
                }
            });
            h.manager.bindAgentRegistry(endpoints -> {
                agents.clear();
                agents.addAll(endpoints);
            });
            h.telemetry.occupancy("wifi1", 0.9, 0.1);
            h.telemetry.occupancy("lte1", 0.2, 0.1);
            h.engine.script = in -> new EngineDecision(Map.of(), Map.of(DL, in.aps().stream()
                    .filter(v -> v.spec().id().equals("wifi1")).findFirst().map(v -> target[0]).orElseThrow()),
                    Map.of());
        }
    }

    @After
    public void tearDown() {
        cluster.forEach(Harness::deactivate);
    }

    /** One cycle of every instance (as their timers would run them), simulated time advancing. */
    private void cycleAll() {
        cluster.get(0).now.addAndGet(CYCLE_MS);
        cluster.forEach(h -> {
            h.flows.catchUp();
            h.meters.catchUp();
            h.cycle();
        });
    }

    private List<Harness> deciders(List<Integer> before) {
        List<Harness> out = new ArrayList<>();
        for (int i = 0; i < cluster.size(); i++) {
            if (cluster.get(i).engine.inputs.size() > before.get(i)) {
                out.add(cluster.get(i));
            }
        }
        return out;
    }

    private List<Integer> decisions() {
        return cluster.stream().map(h -> h.engine.inputs.size()).collect(Collectors.toList());
    }

    private OptionalLong limit() {
        return cluster.get(0).store.state("wifi1").map(s -> s.limitKbps(Direction.DOWNLINK))
                .orElse(OptionalLong.empty());
    }

    private Set<MeterId> meters() {
        return cluster.get(0).meters.meters(DEV1).stream().map(m -> (MeterId) m.meterCellId())
                .collect(Collectors.toSet());
    }

    @Test
    public void eachAgentIsPolledAndEachDomainDecidedByOneInstancePerCycle() {
        Harness owner = cluster.get(0);
        assertEquals(Set.of("wifi1", "lte1"), polled.get(0).stream().map(AgentEndpoint::apId)
                .collect(Collectors.toSet()));
        assertTrue("the others poll no agent", polled.get(1).isEmpty() && polled.get(2).isEmpty());
        for (int c = 0; c < 3; c++) {
            List<Integer> before = decisions();
            cycleAll();
            assertEquals(List.of(owner), deciders(before));
        }
        assertEquals("one poll per cycle, by the owner", 3, owner.telemetry.refreshBounds.size());
        assertEquals("the owner's listeners hear of each AP once per cycle", 3,
                updates.get(0).stream().filter("lte1"::equals).count());
        assertTrue("the others' listeners (eNB re-plans, weights) hear nothing",
                updates.get(1).isEmpty() && updates.get(2).isEmpty());
        assertEquals(0, cluster.get(1).telemetry.refreshBounds.size() + cluster.get(2).telemetry.refreshBounds.size());
        assertEquals("the domain's APs are decided together although other instances master their switches",
                Set.of("wifi1", "lte1"), owner.engine.last().aps().stream().map(v -> v.spec().id())
                        .collect(Collectors.toSet()));
    }

    @Test
    public void whenTheOwnerDiesAnotherResumesFromTheStoredLimitsWithinOneCycleWithNoNewMeter() {
        for (int i = 0; i < 6 && limit().isEmpty(); i++) {
            cycleAll();
        }
        assertEquals("wifi1's rung at or below 16250", OptionalLong.of(16_054), limit());
        Set<MeterId> ladder = meters();
        int submitted = cluster.get(0).meters.submitted.size();

        Harness dead = cluster.remove(0);
        polled.remove(0);
        dead.deactivate();
        dead.cluster.remove(dead.node); // ONOS elects the next candidate
        cluster.forEach(h -> h.manager.loop().settle());
        assertEquals("the new owner polls every agent", 2, polled.get(0).size() + polled.get(1).size());

        target[0] = 8_000;
        List<Integer> before = decisions();
        cycleAll();
        List<Harness> deciders = deciders(before);
        assertEquals("one new owner", 1, deciders.size());
        ApView wifi = deciders.get(0).engine.last().aps().stream().filter(v -> v.spec().id().equals("wifi1"))
                .findFirst().orElseThrow();
        assertEquals("it decided from the stored limit", Long.valueOf(16_054),
                wifi.limitKbps().get(Direction.DOWNLINK));
        assertEquals("the next rung is in force within the cycle", OptionalLong.of(6_750), limit());
        assertEquals("no meter submitted: the stored ladder is used", submitted,
                deciders.get(0).meters.submitted.size());
        assertEquals("the same meters on the switch, none withdrawn", ladder, meters());
    }

    @Test
    public void aDomainWhoseOwnerIsPartitionedAwayIsNeverRegulatedByTwoInstances() {
        cycleAll();
        Harness cutOff = cluster.get(0);
        cutOff.cluster.partition(cutOff.node); // still running, its timers still fire
        cluster.forEach(h -> h.manager.loop().settle());
        assertTrue("the partitioned instance stops polling", polled.get(0).isEmpty());
        for (int c = 0; c < 4; c++) {
            List<Integer> before = decisions();
            cycleAll();
            List<Harness> deciders = deciders(before);
            assertEquals("exactly one instance decides the domain", 1, deciders.size());
            assertTrue("and it is not the partitioned one", deciders.get(0) != cutOff);
        }
        assertEquals("it decided nothing since", 1, cutOff.engine.inputs.size());
    }

    @Test
    public void anInstanceRunsAgainForItsDomainsWhenAPartitionHeals() {
        cycleAll();
        Harness cutOff = cluster.get(0);
        RecordingObserver observer = new RecordingObserver();
        cutOff.manager.cycleObserver = observer;
        List<String> reruns = observer.candidacyReruns;
        cutOff.cluster.partition(cutOff.node);
        cycleAll();
        cutOff.cluster.heal(cutOff.node);
        String topic = DomainOwnership.topic("default");
        assertFalse("ONOS 2.7.0 keeps no candidacy of an expired session",
                cutOff.cluster.leadership(cutOff.node).getCandidates(topic).contains(cutOff.node));
        cycleAll();
        assertTrue("a candidate again after one cycle",
                cutOff.cluster.leadership(cutOff.node).getCandidates(topic).contains(cutOff.node));
        assertEquals("the re-run is counted for the metric", List.of("default"), reruns);
        cycleAll();
        assertEquals("and only once", List.of("default"), reruns);
        // the others' owner leaves: the healed instance can take the domain over
        List<Integer> before = decisions();
        cluster.stream().filter(h -> h != cutOff).forEach(h -> h.cluster.remove(h.node));
        cluster.forEach(h -> h.manager.loop().settle());
        cycleAll();
        assertTrue("the healed instance decides the domain", deciders(before).contains(cutOff));
    }

    /** The northbound of one instance, over its regulation service and the cluster's storage and leadership. */
    private static NorthboundManager northbound(Harness h) {
        NorthboundManager nb = new NorthboundManager();
        TestUtils.setField(nb, "coreService", new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return Harness.APP;
            }
        });
        TestUtils.setField(nb, "configService", h.netcfg);
        TestUtils.setField(nb, "componentConfigService", new ComponentConfigAdapter());
        TestUtils.setField(nb, "regulationService", h.manager);
        TestUtils.setField(nb, "leadershipService", h.cluster.leadership(h.node));
        TestUtils.setField(nb, "storageService", h.storage);
        TestUtils.callMethod(nb, "activate", new Class<?>[]{});
        return nb;
    }

    @Test
    public void everyInstanceAnswersForTheDomainWithItsOwnerAndTheStoredLimit() {
        for (int i = 0; i < 6 && limit().isEmpty(); i++) {
            cycleAll();
        }
        assertEquals(OptionalLong.of(16_054), limit());
        for (Harness h : cluster) {
            Map<String, ApInfo> aps = northbound(h).aps().stream()
                    .collect(Collectors.toMap(ApInfo::id, a -> a));
            assertEquals(Set.of("wifi1", "lte1"), aps.keySet());
            for (ApInfo a : aps.values()) {
                assertEquals(h.node + " names the owner", cluster.get(0).node.id(), a.owner());
                assertEquals(ApSpec.DEFAULT_DOMAIN, a.domain());
            }
            assertEquals(h.node + " reads the limit from the store", OptionalLong.of(16_054),
                    aps.get("wifi1").tier2LimitKbps(Direction.DOWNLINK));
        }
    }
}
