package org.mpsdn.bench;

import org.mpsdn.core.CycleResult;
import org.mpsdn.core.Measurements;
import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.core.RegulationState;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.LiveNetwork;
import org.mpsdn.core.model.NetworkSnapshot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The whole control cycle on a {@link LiveNetwork} kept across cycles, at 10 k / 100 k / 1 M flows over
 * 100 / 1 k / 10 k APs ({@link SyntheticNetwork}, one AP per 100 flows), single-threaded. Every operation is one
 * cycle:
 * <ol>
 *   <li>churn: {@code churn * flows} random flows removed and as many added (flows over the existing connections,
 *       from a pool the removed ones return to), so {@code churn} is the share of the flows added and the same
 *       share removed;</li>
 *   <li>new counters, ACK mark and rate for every flow, by handle in handle order (computed from the handle and
 *       the cycle, as a caller reads them from a fresh flow-statistics reply, not from the flow objects);</li>
 *   <li>the snapshot, then {@link RegulationCenter#cycle} (priority-based breaker, paper profile: categorize +
 *       regulate), whose next state the next cycle reads.</li>
 * </ol>
 * {@code updateAndSnapshot} is steps 1-2 and the snapshot without the cycle. The devices and connections do not
 * change (they are rebuilt only when one does). Creating the added flows' objects is the caller's and not counted.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class IncrementalCycleBenchmark {

    /** Number of flows (APs: one per 100 flows). */
    @Param({"10000", "100000", "1000000"})
    public int flows;

    /** Share of the flows removed, and the same share added, per cycle. */
    @Param({"0.01", "0.1"})
    public double churn;

    private LiveNetwork live;
    private RegulationCenter center;
    private Measurements measurements;
    private RegulationState state;
    private Random random;
    private long round;
    private int changes;
    /** The flow object at each handle, null for a free handle. */
    private Flow[] byHandle;
    /** The ACK mark of the flow at each handle. */
    private boolean[] ack;
    /** The handles in use, in any order, and each handle's place there. */
    private int[] inUse;
    private int[] place;
    private int inUseCount;
    /** Flows out of the network, to be added. */
    private Flow[] spare;
    private int spareCount;

    /** Generates the network, puts it in a live network and runs one cycle. */
    @Setup(Level.Trial)
    public void setUp() {
        SyntheticNetwork network = new SyntheticNetwork(flows, Math.max(1, flows / 100), 42);
        live = new LiveNetwork();
        live.replaceDevices(network.aps, network.ues, network.connections);
        changes = (int) Math.round(flows * churn);
        byHandle = new Flow[flows + changes];
        ack = new boolean[flows + changes];
        inUse = new int[flows + changes];
        place = new int[flows + changes];
        for (Flow f : network.flows) {
            add(f);
        }
        List<Flow> more = network.moreFlows(changes, 43);
        spare = new Flow[2 * changes];
        more.forEach(f -> spare[spareCount++] = f);
        random = new Random(44);
        center = new RegulationCenter(RegulationParameters.defaults());
        measurements = Measurements.of(network.occupancy);
        state = center.cycle(live.snapshot().snapshot(), measurements, RegulationState.initial()).nextState();
        // settle the heap: the first collection otherwise copies the whole network built here, in a measured cycle
        System.gc();
    }

    /**
     * Churn, new counters, snapshot, categorize + regulate.
     *
     * @return the cycle's result (consumed by JMH)
     */
    @Benchmark
    public CycleResult updateAndCycle() {
        CycleResult r = center.cycle(update(), measurements, state);
        state = r.nextState();
        return r;
    }

    /**
     * Churn, new counters and the snapshot, without the cycle.
     *
     * @return the snapshot (consumed by JMH)
     */
    @Benchmark
    public NetworkSnapshot updateAndSnapshot() {
        return update();
    }

    private NetworkSnapshot update() {
        round++;
        for (int i = 0; i < changes; i++) {
            int h = inUse[random.nextInt(inUseCount)];
            spare[spareCount++] = byHandle[h];
            remove(h);
        }
        for (int i = 0; i < changes; i++) {
            int k = random.nextInt(spareCount);
            Flow f = spare[k];
            spare[k] = spare[--spareCount];
            add(f);
        }
        for (int h = 0; h < byHandle.length; h++) {
            if (byHandle[h] != null) {
                long rate = (h * 7919L + round * 104_729L) % 20_000_000L;
                live.updateFlow(h, round * 1500 + h, round + 1, ack[h], rate);
            }
        }
        return live.snapshot().snapshot();
    }

    private void add(Flow f) {
        int h = live.addFlow(f);
        byHandle[h] = f;
        ack[h] = f.ackStream();
        place[h] = inUseCount;
        inUse[inUseCount++] = h;
    }

    private void remove(int h) {
        live.removeFlow(h);
        byHandle[h] = null;
        int last = inUse[--inUseCount];
        inUse[place[h]] = last;
        place[last] = place[h];
    }
}
