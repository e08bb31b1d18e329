package org.mpsdn.lab.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.lab.host.rest.LabRest;
import org.mpsdn.lab.host.services.CellTelemetryService;
import org.mpsdn.lab.host.services.LabCoreService;
import org.mpsdn.lab.host.services.LabNetworkConfigService;
import org.mpsdn.lab.host.services.OpenFlowSouthbound;
import org.mpsdn.web.metrics.TextFormatParser;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The lab host serves the app's REST resources and metrics over HTTP, wired to the app's real
 * RegulationManager on the lab's stand-in services (no switch connected, no Open vSwitch needed).
 */
public class LabRestTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String AUTH = "Basic " + Base64.getEncoder()
            .encodeToString("onos:rocks".getBytes(StandardCharsets.UTF_8));
    private static final String NETCFG = "{\"apps\": {\"org.mpsdn.app\": {\"mpsdn\": {"
            + "\"aps\": [{\"id\": \"wifi\", \"kind\": \"wifi\", \"deviceId\": \"of:00000000000000a1\", \"apPort\": 2,"
            + " \"uplinkPort\": 1, \"capacityKbps\": 50000, \"agent\": \"127.0.0.1:50051\","
            + " \"directions\": [\"downlink\"], \"cth\": 0.5},"
            + " {\"id\": \"lte\", \"kind\": \"lte\", \"deviceId\": \"of:00000000000000b1\", \"apPort\": 2,"
            + " \"uplinkPort\": 1, \"capacityKbps\": 40000, \"agent\": \"127.0.0.1:50052\","
            + " \"directions\": [\"downlink\"]}],"
            + " \"ues\": [{\"id\": \"ue2\", \"interfaces\": [{\"ip\": \"10.0.1.2\"}, {\"ip\": \"10.0.2.2\"}]}]}}}}";

    private OpenFlowSouthbound sb;
    private RegulationManager mgr;
    private LabRest rest;
    private final HttpClient http = HttpClient.newHttpClient();

    @Before
    public void setUp() throws Exception {
        sb = new OpenFlowSouthbound();
        LabCoreService core = new LabCoreService();
        LabNetworkConfigService netcfg = new LabNetworkConfigService();
        netcfg.load(MAPPER.readTree(NETCFG));
        CellTelemetryService telemetry = new CellTelemetryService(List.of(), 60_000);
        Map<String, Object> props = new HashMap<>();
        props.put("intervalMs", 60_000);
        mgr = MpsdnWiring.activate(sb, core, netcfg, telemetry, null, null, props);
        rest = LabRest.start(InetAddress.getLoopbackAddress(), 0, "onos", "rocks", mgr, core, netcfg, telemetry,
                             props);
    }

    @After
    public void tearDown() throws Exception {
        rest.stop();
        Method m = RegulationManager.class.getDeclaredMethod("deactivate");
        m.setAccessible(true);
        m.invoke(mgr);
        sb.stop();
    }

    private HttpResponse<String> send(String method, String path, String body, boolean auth)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + rest.port() + LabRest.CONTEXT + "/" + path));
        if (auth) {
            b.header("Authorization", AUTH);
        }
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send("GET", path, null, true);
    }

    @Test
    public void servesApsFromTheAppsConfig() throws Exception {
        HttpResponse<String> r = get("aps");
        assertEquals(r.body(), 200, r.statusCode());
        JsonNode aps = MAPPER.readTree(r.body()).get("aps");
        assertEquals(2, aps.size());
        assertEquals("wifi", aps.get(0).get("id").asText());
        assertEquals("WIFI", aps.get(0).get("kind").asText());
        assertEquals("of:00000000000000a1", aps.get(0).get("deviceId").asText());
        assertEquals("LTE", MAPPER.readTree(get("aps/lte").body()).get("kind").asText());
        assertEquals(404, get("aps/ghost").statusCode());
    }

    @Test
    public void parametersReachTheRunningManager() throws Exception {
        JsonNode p = MAPPER.readTree(get("parameters").body());
        assertEquals("the manager's activation properties are in force", 60_000, p.get("intervalMs").asLong());
        assertEquals(0.85, p.get("cth").asDouble(), 0.0);
        HttpResponse<String> r = send("PUT", "parameters", "{\"cth\": 0.9, \"alpha\": 0.25}", true);
        assertEquals(r.body(), 200, r.statusCode());
        assertEquals(0.9, MAPPER.readTree(get("parameters").body()).get("cth").asDouble(), 0.0);
        assertEquals("the manager's @Modified ran", 0.9, field("cth"), 0.0);
        assertEquals(0.25, field("alpha"), 0.0);
    }

    @Test
    public void rejectsInvalidParametersWith400() throws Exception {
        HttpResponse<String> r = send("PUT", "parameters", "{\"cth\": 2}", true);
        assertEquals(r.body(), 400, r.statusCode());
        JsonNode body = MAPPER.readTree(r.body());
        assertEquals(400, body.get("code").asInt());
        assertTrue(body.get("message").asText(), body.get("message").asText().startsWith("cth: must be in"));
        assertEquals(400, send("PUT", "parameters", "{\"cth\": ", true).statusCode());
        assertEquals("nothing applied", 0.85, field("cth"), 0.0);
    }

    @Test
    public void servesPrometheusMetrics() throws Exception {
        HttpResponse<String> r = get("metrics");
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse(""),
                   r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        Map<String, Double> samples = TextFormatParser.parse(r.body());
        assertEquals(5e7, samples.get("mpsdn_ap_capacity_bits_per_second{ap=\"wifi\"}"), 0.0);
        assertEquals(4e7, samples.get("mpsdn_ap_capacity_bits_per_second{ap=\"lte\"}"), 0.0);
        assertEquals(0.0, samples.get("mpsdn_flows{ap=\"wifi\",tier=\"tier2\"}"), 0.0);
        assertTrue(samples.containsKey("mpsdn_cycle_duration_seconds_count"));
    }

    @Test
    public void needsCredentialsAndServesTheApiDocument() throws Exception {
        HttpResponse<String> r = send("GET", "aps", null, false);
        assertEquals(401, r.statusCode());
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic"));
        JsonNode doc = MAPPER.readTree(get("swagger.json").body());
        assertEquals("2.0", doc.get("swagger").asText());
        assertEquals(LabRest.CONTEXT, doc.get("basePath").asText());
        assertTrue(doc.get("paths").has("/aps/{apId}/override"));
    }

    @Test
    public void servesTheWebBundlesPageBesideTheApi() throws Exception {
        assertEquals(401, send("GET", "ui/", null, false).statusCode());
        HttpResponse<String> page = get("ui/");
        assertEquals(200, page.statusCode());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(page.body().contains("<script src=\"mpsdn.js\"></script>"));
        HttpResponse<String> js = get("ui/mpsdn.js");
        assertEquals(200, js.statusCode());
        assertTrue(js.body().contains("getJson('aps')"));
        assertEquals(404, get("ui/web.xml").statusCode());
        assertEquals(307, get("ui").statusCode());
    }

    private double field(String name) throws ReflectiveOperationException {
        Field f = RegulationManager.class.getDeclaredField(name);
        f.setAccessible(true);
        return ((Number) f.get(mgr)).doubleValue();
    }
}
