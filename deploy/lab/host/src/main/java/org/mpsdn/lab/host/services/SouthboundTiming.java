package org.mpsdn.lab.host.services;

import java.util.Map;

/**
 * How closely the lab's southbound follows a stock ONOS 2.7.0. Mode {@code onos} (the default) emulates
 * ONOS's flow store, flow and meter providers: flow statistics every 5 s, counters zeroed on add/modify
 * until the next poll, MODIFY as non-strict OFPFC_MODIFY, soft timeouts enforced from statistics,
 * re-install on a switch FLOW_REMOVED, meters ADDED only by a meter-statistics reply (every 10 s, and at
 * once after a removal), and the flow mods of one batch stage sent in no fixed order. Mode {@code fast}
 * keeps the lab's earlier behaviour for quick experiments: one statistics period for flows and meters
 * (1 s), meters confirmed by the barrier reply, idle timeouts on the switch, stages sent in order.
 * Independently of the mode, {@code arpPunt} says that the full OpenFlow suite
 * ({@code org.onosproject.openflow}, with the host provider) is active, so ARP is punted at 40000.
 */
public final class SouthboundTiming {

    /** ONOS 2.7.0 default {@code flowPollFrequency} in seconds
     *  (providers/openflow/flow/.../OsgiPropertyConstants.java:30, POLL_FREQUENCY_DEFAULT = 5). */
    public static final long ONOS_FLOW_STATS_MS = 5_000;
    /** ONOS 2.7.0 default {@code meterStatsPollInterval} in seconds
     *  (providers/openflow/meter/.../OsgiPropertyConstants.java:30, METER_STATS_POLL_INTERVAL_DEFAULT = 10). */
    public static final long ONOS_METER_STATS_MS = 10_000;
    /** The lab's earlier statistics period. */
    public static final long FAST_STATS_MS = 1_000;

    private final boolean onos;
    private final long flowStatsMs;
    private final long meterStatsMs;
    private final boolean arpPunt;
    private final long shuffleSeed;

    private SouthboundTiming(boolean onos, long flowStatsMs, long meterStatsMs, boolean arpPunt, long shuffleSeed) {
        if (flowStatsMs <= 0 || meterStatsMs <= 0) {
            throw new IllegalArgumentException("statistics periods must be positive, got flows " + flowStatsMs
                                                       + " ms, meters " + meterStatsMs + " ms");
        }
        this.onos = onos;
        this.flowStatsMs = flowStatsMs;
        this.meterStatsMs = meterStatsMs;
        this.arpPunt = arpPunt;
        this.shuffleSeed = shuffleSeed;
    }

    /**
     * Stock ONOS 2.7.0 with its default statistics periods and {@code openflow-base} (no ARP punt).
     *
     * @param shuffleSeed seed of the stage order
     * @return timing
     */
    public static SouthboundTiming onos(long shuffleSeed) {
        return new SouthboundTiming(true, ONOS_FLOW_STATS_MS, ONOS_METER_STATS_MS, false, shuffleSeed);
    }

    /**
     * ONOS 2.7.0 behaviour with other statistics periods (as {@code cfg set} would give).
     *
     * @param flowStatsMs  flow statistics period
     * @param meterStatsMs meter statistics period
     * @param arpPunt      whether the host provider's ARP punt is installed
     * @param shuffleSeed  seed of the stage order
     * @return timing
     */
    public static SouthboundTiming onos(long flowStatsMs, long meterStatsMs, boolean arpPunt, long shuffleSeed) {
        return new SouthboundTiming(true, flowStatsMs, meterStatsMs, arpPunt, shuffleSeed);
    }

    /**
     * The lab's fast timing: one statistics period, barrier-confirmed meters, switch idle timeouts,
     * stages in order.
     *
     * @param statsMs statistics period of flows and meters
     * @param arpPunt whether the host provider's ARP punt is installed
     * @return timing
     */
    public static SouthboundTiming fast(long statsMs, boolean arpPunt) {
        return new SouthboundTiming(false, statsMs, statsMs, arpPunt, 0);
    }

    /**
     * Reads the lab host's options: {@code southbound-timing} ({@code onos} or {@code fast}),
     * {@code flow-stats-ms}, {@code meter-stats-ms}, {@code arp-punt} ({@code true}/{@code false}),
     * {@code shuffle-seed}; defaults are ONOS's.
     *
     * @param opt options without the leading dashes
     * @return timing
     * @throws IllegalArgumentException on an unknown mode or a bad number
     */
    public static SouthboundTiming fromOptions(Map<String, String> opt) {
        String mode = opt.getOrDefault("southbound-timing", "onos");
        boolean arp = Boolean.parseBoolean(opt.getOrDefault("arp-punt", "false"));
        if ("fast".equals(mode)) {
            long stats = Long.parseLong(opt.getOrDefault("flow-stats-ms", opt.getOrDefault("stats-ms", "1000")));
            return new SouthboundTiming(false, stats,
                                        Long.parseLong(opt.getOrDefault("meter-stats-ms", Long.toString(stats))),
                                        arp, 0);
        }
        if (!"onos".equals(mode)) {
            throw new IllegalArgumentException("--southbound-timing " + mode + ": want onos or fast");
        }
        long seed = opt.containsKey("shuffle-seed") ? Long.parseLong(opt.get("shuffle-seed")) : System.nanoTime();
        return onos(Long.parseLong(opt.getOrDefault("flow-stats-ms", Long.toString(ONOS_FLOW_STATS_MS))),
                    Long.parseLong(opt.getOrDefault("meter-stats-ms", Long.toString(ONOS_METER_STATS_MS))),
                    arp, seed);
    }

    /**
     * Whether ONOS 2.7.0's store and provider semantics are emulated.
     *
     * @return true in mode onos
     */
    public boolean onosSemantics() {
        return onos;
    }

    /**
     * Flow statistics period.
     *
     * @return milliseconds
     */
    public long flowStatsMs() {
        return flowStatsMs;
    }

    /**
     * Meter statistics period.
     *
     * @return milliseconds
     */
    public long meterStatsMs() {
        return meterStatsMs;
    }

    /**
     * Whether the host provider's ARP punt (table 0, priority 40000) is installed on every switch.
     *
     * @return true when the lab says {@code org.onosproject.openflow} is active
     */
    public boolean arpPunt() {
        return arpPunt;
    }

    /**
     * Seed of the order in which a stage's flow mods are sent (mode onos).
     *
     * @return seed
     */
    public long shuffleSeed() {
        return shuffleSeed;
    }

    @Override
    public String toString() {
        return (onos ? "onos" : "fast") + " (flow stats " + flowStatsMs + " ms, meter stats " + meterStatsMs
                + " ms, ARP punt " + arpPunt + (onos ? ", stage order shuffled with seed " + shuffleSeed
                : ", stages in order, meters confirmed by barrier, idle timeouts on the switch") + ")";
    }
}
