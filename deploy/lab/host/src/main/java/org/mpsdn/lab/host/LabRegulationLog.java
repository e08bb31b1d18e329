package org.mpsdn.lab.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.api.telemetry.StationQueueTelemetry;
import org.mpsdn.impl.RegulationManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The lab's regulation log ({@code regulation.jsonl}), one JSON line a second: the primaries, per AP the
 * downlink Tier-2 limit the app holds, the occupancy it read, the agent report it last read (sequence, MacOcc, the
 * per-station queues the {@code tier1} signal reads, the signal's age), the app's last changed decision per direction
 * (deciding signal, threshold, target, cap, reason) and the managed flows per AP and
 * tier. The experiments read it to explain a score; it is committed beside every run.
 */
final class LabRegulationLog {

    private static final Logger LOG = LoggerFactory.getLogger(LabRegulationLog.class);

    private final RegulationManager mgr;
    private final ApTelemetryService telemetry;
    private final ObjectMapper mapper = new ObjectMapper();

    private LabRegulationLog(RegulationManager mgr, ApTelemetryService telemetry) {
        this.mgr = mgr;
        this.telemetry = telemetry;
    }

    /**
     * Appends a line a second to the file until the JVM exits.
     *
     * @param mgr       the app's regulation manager
     * @param telemetry the telemetry the app reads
     * @param path      file to append to
     * @throws IOException if the file cannot be opened
     */
    static void start(RegulationManager mgr, ApTelemetryService telemetry, String path) throws IOException {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(new FileOutputStream(path, true),
                                                               StandardCharsets.UTF_8), true);
        LabRegulationLog log = new LabRegulationLog(mgr, telemetry);
        Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "regulation-log");
            t.setDaemon(true);
            return t;
        }).scheduleAtFixedRate(() -> {
            try {
                w.println(log.mapper.writeValueAsString(log.line()));
            } catch (IOException | RuntimeException e) {
                LOG.warn("regulation log: {}", e.toString());
            }
        }, 1, 1, TimeUnit.SECONDS);
    }

    private ObjectNode line() {
        long now = System.currentTimeMillis();
        ObjectNode o = mapper.createObjectNode();
        o.put("t", now / 1000.0);
        o.set("primaries", mapper.valueToTree(mgr.primaries()));
        ObjectNode aps = o.putObject("aps");
        for (ApRegulationState st : mgr.apStates()) {
            ObjectNode a = aps.putObject(st.apId());
            st.limitKbps(Direction.DOWNLINK).ifPresent(v -> a.put("limit_kbps", v));
            // the agent's occupancy as the app read it (the app does not store it)
            telemetry.latest(st.apId()).ifPresent(t -> t.occupancy(Direction.DOWNLINK)
                    .ifPresent(v -> a.put("occupancy", v)));
            for (Direction d : Direction.values()) {
                st.decision(d).ifPresent(dec -> decision(a, d, dec));
            }
            telemetry.latest(st.apId()).ifPresent(t -> report(a, t, now));
        }
        ObjectNode tiers = o.putObject("flows");
        for (ManagedFlow f : mgr.managedFlows()) {
            String k = f.apId() + "/" + f.tier();
            tiers.put(k, tiers.path(k).asInt() + 1);
        }
        return o;
    }

    /** The app's last decision for the AP direction: the deciding signal, its threshold, target, cap, reason, cause. */
    private void decision(ObjectNode a, Direction d, LimitDecision dec) {
        ObjectNode n = a.with("decision").putObject(d.name().toLowerCase(java.util.Locale.ROOT));
        dec.source().ifPresent(v -> n.put("signal_source", v.name()));
        dec.signal().ifPresent(v -> n.put("signal", v));
        dec.threshold().ifPresent(v -> n.put("threshold", v));
        dec.targetKbps().ifPresent(v -> n.put("target_kbps", v));
        dec.capKbps().ifPresent(v -> n.put("cap_kbps", v));
        n.put("reason", dec.reason().name());
        if (!dec.note().isEmpty()) {
            n.put("note", dec.note());   // the law's cause, e.g. a Tier-1 station without a reference rate
        }
        n.put("decided_ms", dec.decidedMillis());
    }

    /** The agent report the app last read for the AP: what its congestion signals are computed from. */
    private void report(ObjectNode a, ApTelemetry t, long now) {
        ObjectNode r = a.putObject("report");
        r.put("sequence", t.sequence());
        r.put("window_ms", t.windowMillis());
        t.occupancy(Direction.DOWNLINK).ifPresent(v -> r.put("mac_occ", v));
        t.signalAgeMillis(now).ifPresent(v -> r.put("signal_age_ms", v));
        r.put("window_mode", String.valueOf(t.windowMode()));
        ArrayNode qs = r.putArray("stations");
        for (StationQueueTelemetry q : t.stationQueues()) {
            if (q.direction() != Direction.DOWNLINK) {
                continue;
            }
            ObjectNode n = qs.addObject();
            n.put("ue", q.ueId().isEmpty() ? String.join(",", q.ips()) : q.ueId());
            n.put("occ", q.occupancy());
            n.put("backlog", q.backlogPackets());
            n.put("limit", q.limitPackets());
            n.put("drops", q.drops());
            n.put("sent_bytes", q.sentBytes());
            n.put("samples", q.sampleCount());
            n.put("empty_samples", q.emptySamples());
        }
    }
}
