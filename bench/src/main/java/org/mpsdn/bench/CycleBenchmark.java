package org.mpsdn.bench;

import org.mpsdn.core.CycleResult;
import org.mpsdn.core.DeadlockBreaker;
import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.core.RegulationState;
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

import java.util.concurrent.TimeUnit;

/**
 * One control cycle of the Regulation Center (categorize + regulate) at 10 k / 100 k / 1 M flows
 * over 100 / 1 k / 10 k APs, single-threaded.
 * <ul>
 *   <li>{@code cycle}: {@link RegulationCenter#cycle} on a built snapshot, priority-based breaker
 *       (the paper's default): Algorithm 1 + tiering + Algorithm 2.</li>
 *   <li>{@code cycleBaseline}: the same with the baseline breaker.</li>
 *   <li>{@code snapshotAndCycle}: building the snapshot from the collected parts, then the
 *       cycle: the whole per-interval cost for a caller.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class CycleBenchmark {

    /** Number of flows. */
    @Param({"10000", "100000", "1000000"})
    public int flows;

    /** Number of APs. */
    @Param({"100", "1000", "10000"})
    public int aps;

    private SyntheticNetwork network;
    private NetworkSnapshot snapshot;
    private RegulationCenter priority;
    private RegulationCenter baseline;
    private RegulationState state;

    /** Generates the network and a steady state (one cycle already run). */
    @Setup(Level.Trial)
    public void setUp() {
        network = new SyntheticNetwork(flows, aps, 42);
        snapshot = network.snapshot();
        priority = new RegulationCenter(RegulationParameters.defaults());
        baseline = new RegulationCenter(RegulationParameters.builder()
                .deadlockBreaker(DeadlockBreaker.BASELINE).build());
        state = priority.cycle(snapshot, network.occupancy, RegulationState.initial()).nextState();
    }

    /**
     * Categorize + regulate, priority-based breaker.
     *
     * @return the result (consumed by JMH)
     */
    @Benchmark
    public CycleResult cycle() {
        return priority.cycle(snapshot, network.occupancy, state);
    }

    /**
     * Categorize + regulate, baseline breaker.
     *
     * @return the result (consumed by JMH)
     */
    @Benchmark
    public CycleResult cycleBaseline() {
        return baseline.cycle(snapshot, network.occupancy, state);
    }

    /**
     * Snapshot construction from the parts, then categorize + regulate.
     *
     * @return the result (consumed by JMH)
     */
    @Benchmark
    public CycleResult snapshotAndCycle() {
        NetworkSnapshot s = NetworkSnapshot.of(network.aps, network.ues, network.connections, network.flows);
        return priority.cycle(s, network.occupancy, state);
    }
}
