package org.mpsdn.impl.northbound;

import org.junit.Test;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.impl.SharedStorageService;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Intents in the distributed map: the Kryo serializer round-trips every kind, and two tables
 * on one cluster's storage see each other's writes.
 */
public class DistributedIntentTableTest {
    private static final List<MpsdnIntent> SAMPLES = List.of(
            MpsdnIntent.builder().id("pin").kind(IntentKind.MULTIPATH_POLICY).target("ue1")
                    .mode(MultipathMode.PIN_PRIMARY).apId("lte1").state(IntentState.FAILED)
                    .reason("UE ue1 has no connection to AP lte1").version(3).updatedMillis(42).build(),
            MpsdnIntent.builder().id("exempt").kind(IntentKind.MULTIPATH_POLICY).target("ue2")
                    .mode(MultipathMode.EXEMPT).build(),
            MpsdnIntent.builder().id("enb").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                    .interCluster(EnbDiscipline.PFS).intraCluster(EnbDiscipline.ROUND_ROBIN)
                    .clusterOverride("c2", EnbDiscipline.MAX_CI).clusterOverride("c1", EnbDiscipline.PFS)
                    .state(IntentState.INSTALLED).build(),
            MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                    .weightMode(WeightMode.MANUAL).weight("wifi", 3).weight("lte", 1000).build(),
            MpsdnIntent.builder().id("auto").kind(IntentKind.CLIENT_WEIGHTS).target("ue3")
                    .weightMode(WeightMode.AUTOMATIC).build(),
            MpsdnIntent.builder().id("split").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                    .interCluster(EnbDiscipline.PFS).split(EnbSplit.builder().targetUe("ue1").secondPathUe("ue2")
                            .dstIp("2001:db8::10").dstPort(5201).mode(SplitMode.SHARED_BUFFER).lteShare(0.3)
                            .rttMs(42.5).windowPackets(33.3).alpha(0.7).beta(0.3).build()).build(),
            MpsdnIntent.builder().id("as").kind(IntentKind.STEERING).target("ue1")
                    .steering(SteeringRule.builder().precedence(4).mode(SteeringMode.ACTIVE_STANDBY).activeAp("wifi1")
                            .trafficDescriptor(TrafficDescriptor.builder().protocol(TrafficDescriptor.TCP)
                                    .dstPrefix("10.77.0.0/16").dstPorts(443, 8443).dscp(46).build()).build())
                    .state(IntentState.FAILED).reason("not applied on ue2")
                    .applied(Map.of("ue1", "client agent: MP_PRIO backup on path lte", "ue2", "not applied")).build(),
            MpsdnIntent.builder().id("lb").kind(IntentKind.STEERING).target("*")
                    .steering(SteeringRule.builder().precedence(200).mode(SteeringMode.LOAD_BALANCING)
                            .share("wifi1", 70).share("lte1", 30).build()).build(),
            MpsdnIntent.builder().id("sd").kind(IntentKind.STEERING).target("ue3")
                    .steering(SteeringRule.builder().precedence(0).mode(SteeringMode.SMALLEST_DELAY)
                            .rttHysteresisMs(12).trafficDescriptor(TrafficDescriptor.builder().dscp(10).build())
                            .build()).build());

    @Test
    public void serializerRoundTripsEveryKind() {
        for (MpsdnIntent i : SAMPLES) {
            byte[] bytes = DistributedIntentTable.SERIALIZER.encode(StoredIntent.of(i));
            StoredIntent back = DistributedIntentTable.SERIALIZER.decode(bytes);
            assertEquals(i, back.toIntent());
            assertEquals(i.weights(), back.toIntent().weights());
            assertEquals(i.clusterOverrides(), back.toIntent().clusterOverrides());
            assertEquals(i.split(), back.toIntent().split());
            assertEquals(i.steering(), back.toIntent().steering());
            assertEquals(i.applied(), back.toIntent().applied());
        }
    }

    @Test
    public void tablesOnOneClusterShareTheirIntents() {
        SharedStorageService storage = new SharedStorageService();
        DistributedIntentTable a = new DistributedIntentTable(storage);
        DistributedIntentTable b = new DistributedIntentTable(storage);
        SAMPLES.forEach(a::put);
        assertEquals(SAMPLES.size(), b.values().size());
        assertEquals(SAMPLES.get(2), b.get("enb").orElseThrow());
        assertEquals(SAMPLES.get(5).split(), b.get("split").orElseThrow().split());
        MpsdnIntent installed = SAMPLES.get(0).withState(IntentState.INSTALLED, "", 50);
        b.put(installed);
        assertEquals(installed, a.get("pin").orElseThrow());
        assertEquals(installed, a.remove("pin").orElseThrow());
        assertFalse(b.get("pin").isPresent());
        assertTrue(b.remove("pin").isEmpty());
    }
}
