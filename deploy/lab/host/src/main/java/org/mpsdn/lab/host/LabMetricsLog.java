package org.mpsdn.lab.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.CycleObserver;
import org.mpsdn.api.regulation.RegulationService;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.loop.FailOpen;
import org.mpsdn.impl.telemetry.AgentTelemetryManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The app's robustness metrics as JSON lines (once a second), for the lab's experiments, until the lab
 * host serves Prometheus itself. Same definitions as the app's metrics: {@code mpsdn_agent_poll_errors_total}
 * counts the regulation cycles in which an AP had no fresh report (fed by the regulation loop through
 * {@link CycleObserver}, as the app's metrics component is); {@code mpsdn_failsafe_active} is 1 while the
 * AP's agent has been silent for at least the fail-open delay (the app's one rule, {@link FailOpen}, that
 * the loop and the northbound's agent health use); {@code mpsdn_ap_faults_total} and
 * {@code mpsdn_meter_steps_late_total} count the exceptions ONOS raised for an AP and its rate steps
 * confirmed later than two meter-stats polls. Each line also carries the missed cycles, the Tier-2
 * limits in force, the mTLS poller's counters, whether it asks the agents to stream
 * ({@code stream_telemetry}) and, per AP, whether the agent streams (1) or is polled (0, {@code streaming}).
 */
final class LabMetricsLog implements CycleObserver {

    private static final Logger LOG = LoggerFactory.getLogger(LabMetricsLog.class);

    private final Map<String, AtomicLong> pollErrors = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> apFaults = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> lateSteps = new ConcurrentHashMap<>();
    private final AtomicLong cycles = new AtomicLong();
    private final ObjectMapper mapper = new ObjectMapper();
    private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "metrics-log");
        t.setDaemon(true);
        return t;
    });

    @Override
    public void cycleCompleted(long durationNanos) {
        cycles.incrementAndGet();
    }

    @Override
    public void telemetryChecked(String apId, boolean fresh) {
        AtomicLong c = pollErrors.computeIfAbsent(apId, k -> new AtomicLong());
        if (!fresh) {
            c.incrementAndGet();
        }
    }

    @Override
    public void apFault(String apId) {
        apFaults.computeIfAbsent(apId, k -> new AtomicLong()).incrementAndGet();
    }

    @Override
    public void meterStepLate(String apId) {
        lateSteps.computeIfAbsent(apId, k -> new AtomicLong()).incrementAndGet();
    }

    /**
     * Starts writing one JSON line per second.
     *
     * @param path            JSONL file (appended)
     * @param regulation      the regulation manager (limits in force)
     * @param telemetry       the telemetry service the loop reads (missed cycles)
     * @param poller          the agent telemetry manager, or null with the stand-in
     * @param intervalMs      regulation interval
     * @param failOpenDelayMs fail-open delay
     * @throws IOException when the file cannot be opened
     */
    void start(String path, RegulationService regulation, ApTelemetryService telemetry,
               AgentTelemetryManager poller, long intervalMs, long failOpenDelayMs) throws IOException {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(new FileOutputStream(path, true),
                                                               StandardCharsets.UTF_8), true);
        exec.scheduleAtFixedRate(() -> {
            try {
                w.println(mapper.writeValueAsString(line(regulation, telemetry, poller, intervalMs,
                                                         failOpenDelayMs)));
            } catch (IOException | RuntimeException e) {
                LOG.warn("metrics log: {}", e.toString());
            }
        }, 1, 1, TimeUnit.SECONDS);
    }

    private ObjectNode line(RegulationService regulation, ApTelemetryService telemetry,
                            AgentTelemetryManager poller, long intervalMs, long failOpenDelayMs) {
        ObjectNode o = mapper.createObjectNode();
        o.put("t", System.currentTimeMillis() / 1000.0);
        o.put("cycles", cycles.get());
        ObjectNode failsafe = o.putObject("mpsdn_failsafe_active");
        ObjectNode errors = o.putObject("mpsdn_agent_poll_errors_total");
        ObjectNode missed = o.putObject("missed_cycles");
        ObjectNode limits = o.putObject("tier2_limit_kbps");
        Map<String, AtomicLong> sorted = new TreeMap<>(pollErrors);
        sorted.forEach((ap, n) -> {
            int m = telemetry.missedCycles(ap);
            missed.put(ap, m);
            failsafe.put(ap, FailOpen.active(m, intervalMs, failOpenDelayMs) ? 1 : 0);
            errors.put(ap, n.get());
        });
        ObjectNode faults = o.putObject("mpsdn_ap_faults_total");
        ObjectNode late = o.putObject("mpsdn_meter_steps_late_total");
        sorted.keySet().forEach(ap -> {
            faults.put(ap, apFaults.getOrDefault(ap, new AtomicLong()).get());
            late.put(ap, lateSteps.getOrDefault(ap, new AtomicLong()).get());
        });
        for (ApRegulationState st : regulation.apStates()) {
            st.limitKbps(Direction.DOWNLINK).ifPresent(v -> limits.put(st.apId(), v));
        }
        if (poller != null) {
            poller.poller().ifPresent(p -> {
                ObjectNode c = o.putObject("poller");
                p.counters().asMap().forEach(c::put);
                // whether the poller asks for streams, and per AP whether it streams (else it is polled)
                o.put("stream_telemetry", p.config().stream());
                ObjectNode streaming = o.putObject("streaming");
                sorted.keySet().forEach(ap -> streaming.put(ap, p.stream(ap).streams() ? 1 : 0));
            });
        }
        return o;
    }
}
