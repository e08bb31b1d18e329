package org.mpsdn.impl.cluster;

import org.junit.Test;
import org.mpsdn.client.v1.WeightUpdate;
import org.mpsdn.impl.SharedStorageService;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.WeightPublisher;
import org.mpsdn.impl.weights.WeightSink;
import org.onosproject.store.service.AtomicCounter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The client weights' epoch in a cluster of three instances sharing one storage service: every instance's epoch is
 * newer than any taken before it, and a client that moves to an instance which started earlier still accepts that
 * instance's weights.
 */
public class ClusterEpochTest {
    private final SharedStorageService storage = new SharedStorageService();
    private final AtomicLong clock = new AtomicLong(1_000_000L);

    private WeightPublisher instance() {
        AtomicCounter counter = storage.atomicCounterBuilder().withName(ClusterEpoch.COUNTER).build()
                .asAtomicCounter();
        return new WeightPublisher(new ClusterEpoch(counter, clock::get), clock::get);
    }

    private static List<ClientPathInfo> paths() {
        return List.of(new ClientPathInfo("wifi", "wifi1", List.of("10.0.1.2")),
                new ClientPathInfo("lte", "lte1", List.of("10.0.2.2")));
    }

    @Test
    public void everyInstanceTakesAnEpochNewerThanAnyBeforeAndNotBelowTheWallClock() {
        List<WeightPublisher> cluster = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            cluster.add(instance()); // same millisecond: the counter alone orders them
        }
        assertEquals(1_000_000L, cluster.get(0).epoch());
        assertEquals(1_000_001L, cluster.get(1).epoch());
        assertEquals(1_000_002L, cluster.get(2).epoch());
        clock.set(2_000_000L);
        assertEquals("the wall clock when it is ahead", 2_000_000L, instance().epoch());
    }

    @Test
    public void aClientMovingToAnInstanceThatStartedEarlierAcceptsItsWeights() throws InterruptedException {
        WeightPublisher first = instance();
        WeightPublisher last = instance();
        for (WeightPublisher p : List.of(first, last)) {
            p.register("ue1", paths(), 0);
            p.setManual("ue1", Map.of("wifi", 3, "lte", 1));
        }
        WeightSink onLast = new WeightSink();
        last.subscribe("ue1", onLast, 0, 0);
        WeightUpdate applied = onLast.next();
        assertEquals(last.epoch(), applied.getEpoch());

        // the instance the client was on dies: it reconnects to the one that started first
        WeightSink onFirst = new WeightSink();
        first.subscribe("ue1", onFirst, applied.getEpoch(), applied.getVersion());
        WeightUpdate resumed = onFirst.next();
        assertTrue("newer epoch than the one applied: the client accepts it",
                resumed.getEpoch() > applied.getEpoch());
        assertEquals(applied.getWeightsList(), resumed.getWeightsList());

        first.setManual("ue1", Map.of("wifi", 1, "lte", 1));
        WeightUpdate next = onFirst.next();
        assertEquals("one publication per version", resumed.getVersion() + 1, next.getVersion());
        assertEquals(resumed.getEpoch(), next.getEpoch());
        assertEquals("nothing more", null, onFirst.poll(50));
    }
}
