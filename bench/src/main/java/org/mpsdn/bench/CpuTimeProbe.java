package org.mpsdn.bench;

import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationState;
import org.mpsdn.core.model.NetworkSnapshot;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Supplement to {@link CycleBenchmark} for shared, overloaded machines: measures the CPU time
 * (not wall time) the benchmark thread spends in one cycle and in one snapshot build, so that
 * time the thread spends descheduled is excluded. Prints the median and minimum of the runs.
 * Usage: {@code java -cp bench/target/benchmarks.jar org.mpsdn.bench.CpuTimeProbe [flows] [aps] [runs]}.
 */
public final class CpuTimeProbe {

    private CpuTimeProbe() {
    }

    /**
     * Runs the probe.
     *
     * @param args flows (default 1000000), APs (default 10000), runs (default 20)
     */
    public static void main(String[] args) {
        int flows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int aps = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        SyntheticNetwork n = new SyntheticNetwork(flows, aps, 42);
        NetworkSnapshot s = n.snapshot();
        RegulationCenter rct = new RegulationCenter();
        RegulationState state = rct.cycle(s, n.occupancy, RegulationState.initial()).nextState();
        long[] cycle = new long[runs];
        long[] build = new long[runs];
        long sink = 0;
        for (int i = 0; i < runs; i++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += rct.cycle(s, n.occupancy, state).tier2FlowCount();
            long t1 = mx.getCurrentThreadCpuTime();
            sink += n.snapshot().flowCount();
            long t2 = mx.getCurrentThreadCpuTime();
            cycle[i] = t1 - t0;
            build[i] = t2 - t1;
        }
        Arrays.sort(cycle);
        Arrays.sort(build);
        System.out.printf("flows=%d aps=%d connections=%d ues=%d runs=%d (sink %d)%n", s.flowCount(), s.apCount(),
                s.connectionCount(), s.ueCount(), runs, sink);
        System.out.printf("cycle CPU ms: median %.1f min %.1f%n", cycle[runs / 2] / 1e6, cycle[0] / 1e6);
        System.out.printf("snapshot build CPU ms: median %.1f min %.1f%n", build[runs / 2] / 1e6, build[0] / 1e6);
    }
}
