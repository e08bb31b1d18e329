package org.mpsdn.lab.host.services;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.telemetry.ApTelemetry;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.api.telemetry.StationTelemetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Lab stand-in for the AP agent poller: reads each emulated cell's status file (written every 100 ms by
 * mpsdn-wifi-cell from the cell's real pfifo leaves) or the reference eNB's metrics URL, and reports the
 * downlink MAC queue occupancy, averaged
 * over the regulation interval. Occupancy is the mean fill of the leaves of the stations that have a
 * backlog: the fill of the one shared queue a real AP would have while those stations contend.
 * A cell whose status file stops changing counts missed cycles, so fail-open can be exercised.
 */
public final class CellTelemetryService implements ApTelemetryService {

    private static final Logger LOG = LoggerFactory.getLogger(CellTelemetryService.class);
    private static final long POLL_MS = 100;

    /** One cell: status file and its stations (address, PHY rate). */
    public static final class Cell {
        final String apId;
        final File status;
        final java.net.URL url;
        final List<String> ips;
        final List<Long> phyBps;
        final List<Double> samples = new ArrayList<>();
        volatile ApTelemetry latest;
        volatile long lastChange;
        volatile double lastTime;
        long seq;

        /**
         * Describes a cell.
         *
         * @param apId   AP id as in the app's netcfg
         * @param status status file path
         * @param ips    station addresses in cell order
         * @param phyBps station PHY rates in bit/s
         */
        public Cell(String apId, String status, List<String> ips, List<Long> phyBps) {
            this.apId = apId;
            this.status = new File(status);
            this.url = status.startsWith("http") ? url(status) : null;
            this.ips = List.copyOf(ips);
            this.phyBps = List.copyOf(phyBps);
        }
    }

    private static java.net.URL url(String s) {
        try {
            return new java.net.URI(s).toURL();
        } catch (java.net.URISyntaxException | java.net.MalformedURLException e) {
            throw new IllegalArgumentException("cell status URL '" + s + "': " + e.getMessage(), e);
        }
    }

    private final Map<String, Cell> cells = new ConcurrentHashMap<>();
    private final ObjectMapper mapper = new ObjectMapper();
    private final long intervalMs;
    private final ScheduledExecutorService exec = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cell-telemetry");
        t.setDaemon(true);
        return t;
    });

    /**
     * Creates the service.
     *
     * @param cells      the cells
     * @param intervalMs the regulation interval (averaging window and staleness unit)
     */
    public CellTelemetryService(List<Cell> cells, long intervalMs) {
        cells.forEach(c -> this.cells.put(c.apId, c));
        this.intervalMs = intervalMs;
    }

    /** Starts polling the status files. */
    public void start() {
        exec.scheduleWithFixedDelay(this::poll, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
        exec.scheduleWithFixedDelay(this::publish, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
    }

    /** Stops polling. */
    public void stop() {
        exec.shutdownNow();
    }

    private void poll() {
        for (Cell c : cells.values()) {
            try {
                if (c.url != null) {
                    pollEnb(c);
                    continue;
                }
                JsonNode j = mapper.readTree(c.status);
                if (!isNew(c, j.path("time").asDouble())) {
                    continue;
                }
                int limit = j.path("leaf_limit").asInt(1);
                double sum = 0;
                int busy = 0;
                JsonNode q = j.path("station_qlen");
                JsonNode b = j.path("station_backlogged");
                for (int i = 0; i < q.size(); i++) {
                    if (b.path(i).asBoolean() || q.path(i).asLong() > 0) {
                        sum += q.path(i).asDouble();
                        busy++;
                    }
                }
                add(c, busy == 0 ? 0.0 : Math.min(1.0, sum / ((double) limit * busy)));
            } catch (IOException | RuntimeException e) {
                LOG.debug("cell {} status unreadable: {}", c.apId, e.toString());
            }
        }
    }

    /** The reference eNB's metrics document: per-UE backlog and limit of its downlink queues. */
    private void pollEnb(Cell c) throws IOException {
        JsonNode j = mapper.readTree(c.url);
        if (!isNew(c, j.path("timestamp_ms").asDouble())) {
            return;
        }
        double sum = 0;
        int busy = 0;
        for (JsonNode ue : j.path("ues")) {
            long backlog = ue.path("backlog_packets").asLong();
            long limit = ue.path("limit_packets").asLong();
            if (backlog > 0 && limit > 0) {
                sum += Math.min(1.0, (double) backlog / limit);
                busy++;
            }
        }
        add(c, busy == 0 ? 0.0 : sum / busy);
    }

    /** Whether a status document stamped t is one not seen yet (then it is the cell's last change). */
    private static boolean isNew(Cell c, double t) {
        if (t == c.lastTime) {
            return false;
        }
        c.lastTime = t;
        c.lastChange = System.currentTimeMillis();
        return true;
    }

    private static void add(Cell c, double occupancy) {
        synchronized (c.samples) {
            c.samples.add(occupancy);
        }
    }

    private void publish() {
        long now = System.currentTimeMillis();
        for (Cell c : cells.values()) {
            double mean;
            synchronized (c.samples) {
                if (c.samples.isEmpty() || now - c.lastChange > intervalMs) {
                    continue;
                }
                mean = c.samples.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                c.samples.clear();
            }
            List<StationTelemetry> st = new ArrayList<>();
            for (int i = 0; i < c.ips.size(); i++) {
                st.add(new StationTelemetry(String.format("02:00:00:00:00:%02x", i + 1), List.of(c.ips.get(i)),
                                            -50.0, c.phyBps.get(i), c.phyBps.get(i), 0, 0, 0));
            }
            c.latest = new ApTelemetry(c.apId, ++c.seq, intervalMs, Map.of(Direction.DOWNLINK, mean), 0, st, now);
            LOG.info("telemetry {} #{}: downlink occupancy {}", c.apId, c.seq, String.format("%.3f", mean));
        }
    }

    @Override
    public Optional<ApTelemetry> latest(String apId) {
        Cell c = cells.get(apId);
        if (c == null || c.latest == null
                || System.currentTimeMillis() - c.latest.receivedAtMillis() > 2 * intervalMs) {
            return Optional.empty();
        }
        return Optional.of(c.latest);
    }

    @Override
    public int missedCycles(String apId) {
        Cell c = cells.get(apId);
        if (c == null || c.latest == null) {
            return Integer.MAX_VALUE / 2;
        }
        return (int) ((System.currentTimeMillis() - c.latest.receivedAtMillis()) / intervalMs);
    }
}
