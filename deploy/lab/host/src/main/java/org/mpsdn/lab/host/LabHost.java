package org.mpsdn.lab.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.telemetry.AgentTelemetryManager;
import org.mpsdn.lab.host.openflow.OfSwitchServer;
import org.mpsdn.lab.host.services.CellTelemetryService;
import org.mpsdn.lab.host.services.LabCoreService;
import org.mpsdn.lab.host.services.LabNetworkConfigService;
import org.mpsdn.lab.host.services.OpenFlowSouthbound;
import org.mpsdn.lab.host.services.SouthboundTiming;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import static org.mpsdn.impl.OsgiPropertyConstants.FAIL_OPEN_DELAY_MS_DEFAULT;
import static org.mpsdn.impl.OsgiPropertyConstants.INTERVAL_MS_DEFAULT;

/**
 * Entry point of the lab host: OpenFlow southbound on loopback, in-memory ONOS services, the lab's
 * port forwarding, and (mode {@code mpsdn}) the app's components. Meter requests and events are logged as
 * JSON lines for the experiments.
 */
public final class LabHost {

    private static final Logger LOG = LoggerFactory.getLogger(LabHost.class);

    private LabHost() {
    }

    /**
     * Runs the lab host until killed.
     *
     * @param args {@code --of-port N --mode forward|mpsdn --netcfg FILE --lab-config FILE --meter-log FILE
     *             --southbound-timing onos|fast --flow-stats-ms N --meter-stats-ms N
     *             --arp-punt true|false --shuffle-seed N
     *             --regulation-log FILE --metrics-log FILE --pki DIR --controller-name NAME}
     *             and the REST options of {@link LabRestOptions}; with {@code --pki} the app polls the AP agents
     *             over mTLS, else the cell stand-in is read; {@link SouthboundTiming#fromOptions} reads the
     *             southbound options
     * @throws Exception on start-up failure
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> opt = options(args);
        int port = Integer.parseInt(opt.getOrDefault("of-port", "6653"));
        String mode = opt.getOrDefault("mode", "forward");
        OpenFlowSouthbound sb = new OpenFlowSouthbound(SouthboundTiming.fromOptions(opt));
        LabCoreService core = new LabCoreService();
        sb.requestHostProviderArp(core.registerApplication("org.onosproject.core"));
        LabNetworkConfigService netcfg = new LabNetworkConfigService();
        if (opt.containsKey("netcfg")) {
            netcfg.load(new ObjectMapper().readTree(new File(opt.get("netcfg"))));
        }
        if (opt.containsKey("meter-log")) {
            logMeters(sb, opt.get("meter-log"));
        }
        new PortForwarding(sb.deviceService(), sb.flowRuleService(), core.registerApplication("org.mpsdn.lab"));
        OfSwitchServer server = new OfSwitchServer(InetAddress.getLoopbackAddress(), port, sb);
        server.start();
        sb.startStats();
        if ("mpsdn".equals(mode)) {
            startApp(opt, sb, core, netcfg);
        } else if (!"forward".equals(mode)) {
            throw new IllegalArgumentException("--mode " + mode + ": want forward or mpsdn");
        }
        LOG.info("lab host up: OpenFlow on 127.0.0.1:{}, mode {}", server.port(), mode);
        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            sb.stop();
            done.countDown();
        }));
        done.await();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("option expected, got '" + args[i] + "'");
            }
            opt.put(args[i].substring(2), args[i + 1]);
        }
        return opt;
    }

    /** Mode {@code mpsdn}: the app's components on the lab's services, with their logs and REST. */
    private static void startApp(Map<String, String> opt, OpenFlowSouthbound sb, LabCoreService core,
                                 LabNetworkConfigService netcfg) throws Exception {
        // as in a running ONOS, the app starts with its switches known: wait (bounded) for them
        int expected = Integer.parseInt(opt.getOrDefault("devices", "0"));
        long deadline = System.currentTimeMillis() + 20_000;
        while (sb.deviceService().getDeviceCount() < expected && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        LOG.info("{} of {} switches connected; activating the app", sb.deviceService().getDeviceCount(), expected);
        JsonNode lab = new ObjectMapper().readTree(new File(required(opt, "lab-config")));
        // the app runs at its defaults: only the component properties the lab config names are set
        // (appProperties, {} by default); the lab's own timers follow the values in force
        Map<String, Object> props = new HashMap<>();
        lab.path("appProperties").fields().forEachRemaining(e -> props.put(e.getKey(), e.getValue().asText()));
        AppProperties.check(props); // each goes to the component that declares it
        long intervalMs = Long.parseLong(String.valueOf(props.getOrDefault("intervalMs", INTERVAL_MS_DEFAULT)));
        long failOpenDelayMs = Long.parseLong(String.valueOf(props.getOrDefault("failOpenDelayMs",
                                                                                FAIL_OPEN_DELAY_MS_DEFAULT)));
        ApTelemetryService telemetryService;
        AgentTelemetryManager agents = null;
        LabPki pki = opt.containsKey("pki") ? new LabPki(opt.get("pki"), opt.getOrDefault("controller-name", "lab"))
                : null;
        if (pki != null) {
            // the real AP agents over mTLS, polled by the app's controller-side telemetry
            agents = AgentTelemetryWiring.activate(pki, intervalMs, props);
            telemetryService = agents;
        } else {
            Map<String, Object> unused = AppProperties.of(AppProperties.TELEMETRY, props);
            if (!unused.isEmpty()) {
                LOG.warn("app properties {} not applied: the telemetry stand-in has no AP agents", unused);
            }
            telemetryService = standIn(lab, intervalMs);
        }
        LabMetricsLog metrics = new LabMetricsLog();
        RegulationManager mgr = MpsdnWiring.activate(sb, core, netcfg, telemetryService, agents, metrics, props);
        if (pki != null) {
            // the multipath UEs' client agents subscribe over mTLS, as the AP agents are polled
            ClientWeightsWiring.activate(pki, mgr);
        }
        if (opt.containsKey("metrics-log")) {
            metrics.start(opt.get("metrics-log"), mgr, telemetryService, agents, intervalMs, failOpenDelayMs);
        }
        if (opt.containsKey("regulation-log")) {
            LabRegulationLog.start(mgr, telemetryService, opt.get("regulation-log"));
        }
        LabRestOptions.start(opt, mgr, core, netcfg, telemetryService, props);
    }

    /** The lab's telemetry stand-in: reads the cells' queues directly (no agent). */
    private static CellTelemetryService standIn(JsonNode lab, long intervalMs) {
        List<CellTelemetryService.Cell> cells = new ArrayList<>();
        lab.path("cells").fields().forEachRemaining(e -> {
            List<String> ips = new ArrayList<>();
            List<Long> phy = new ArrayList<>();
            e.getValue().path("stations").forEach(s -> {
                ips.add(s.path("ip").asText());
                phy.add((long) (s.path("phyMbps").asDouble() * 1e6));
            });
            cells.add(new CellTelemetryService.Cell(e.getKey(), e.getValue().path("status").asText(), ips, phy));
        });
        CellTelemetryService t = new CellTelemetryService(cells, intervalMs);
        t.start();
        return t;
    }

    private static String required(Map<String, String> opt, String key) {
        String v = opt.get(key);
        if (v == null) {
            throw new IllegalArgumentException("--" + key + " is required");
        }
        return v;
    }

    private static void logMeters(OpenFlowSouthbound sb, String path) throws IOException {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(new FileOutputStream(path, true),
                                                               StandardCharsets.UTF_8), true);
        sb.meterService().addListener(ev -> logMeter(w, ev.type() == MeterEvent.Type.METER_ADDED ? "added"
                : ev.type().name().toLowerCase(), ev.subject()));
        sb.meterService().addRequestListener((event, meter) -> logMeter(w, event, meter));
    }

    /** One meter log line: "submitted" and "withdrawn" (the app's requests), "added" and "meter_removed". */
    private static void logMeter(PrintWriter w, String event, Meter meter) {
        long rate = meter.bands().stream().mapToLong(Band::rate).max().orElse(-1);
        synchronized (w) {
            w.printf("{\"t\":%.3f,\"event\":\"%s\",\"device\":\"%s\",\"meter\":%d,\"rate_kbps\":%d}%n",
                     System.currentTimeMillis() / 1000.0, event, meter.deviceId(), meter.id().id(), rate);
        }
    }
}
