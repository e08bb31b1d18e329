package org.mpsdn.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.codec.NorthboundCodecs;
import org.mpsdn.web.metrics.FakeRegulation;
import org.mpsdn.web.metrics.MetricsFixture;
import org.mpsdn.web.metrics.MpsdnMetrics;
import org.mpsdn.web.metrics.TextFormatParser;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onosproject.codec.CodecService;
import org.onosproject.rest.resources.ResourceTest;

import javax.ws.rs.client.Entity;
import javax.ws.rs.client.Invocation;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Every endpoint of the REST API, including every rejection path, through Jersey and Jetty.
 */
public class MpsdnWebResourceTest extends ResourceTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String VIEWER = "viewer";
    private static final String ADMIN = "viewer,admin";

    private FakeNorthbound nb;
    private MpsdnMetrics metrics;

    /**
     * Creates the test with the app's web application plus the role stand-in.
     */
    public MpsdnWebResourceTest() {
        super(ResourceConfig.forApplicationClass(MpsdnWebApplication.class).register(RoleFilter.class));
    }

    @Before
    public void setUpServices() {
        // ResourceTest switches ONOS's authorization filter off; the role checks are under test here
        TestUtils.setField(AuthorizationFilter.class, "disableForTests", false);
        nb = new FakeNorthbound();
        TestCodecService codecs = new TestCodecService();
        NorthboundCodecs.register(codecs);
        metrics = MetricsFixture.start(nb, new FakeRegulation());
        setServiceDirectory(new TestServiceDirectory()
                .add(NorthboundService.class, nb)
                .add(NorthboundAdminService.class, nb)
                .add(CodecService.class, codecs)
                .add(MpsdnMetrics.class, metrics));
    }

    private Invocation.Builder as(String roles, String path) {
        return target(path).request(MediaType.APPLICATION_JSON_TYPE).header(RoleFilter.HEADER, roles);
    }

    private static JsonNode json(Response r) {
        try {
            return MAPPER.readTree(r.readEntity(String.class));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Asserts a 400 {code, message} whose message starts with the given field prefix. */
    private static void assertBadRequest(Response r, String messagePrefix) {
        assertEquals(400, r.getStatus());
        JsonNode body = json(r);
        assertEquals(400, body.path("code").asInt());
        String msg = body.path("message").asText();
        assertTrue("message '" + msg + "' should start with '" + messagePrefix + "'", msg.startsWith(messagePrefix));
    }

    private static void assertNotFound(Response r) {
        assertEquals(404, r.getStatus());
        assertEquals(404, json(r).path("code").asInt());
    }

    // ---------------------------------------------------------------- roles

    @Test
    public void readsNeedViewerWritesNeedAdmin() {
        assertEquals(403, target("aps").request().get().getStatus());
        assertEquals(200, as(VIEWER, "aps").get().getStatus());
        assertEquals(403, as(VIEWER, "parameters").put(Entity.json("{\"cth\": 0.9}")).getStatus());
        assertEquals(403, as(VIEWER, "ues").post(Entity.json("{}")).getStatus());
        assertEquals(403, as(VIEWER, "intents/x").delete().getStatus());
        assertEquals(403, as(VIEWER, "aps/wifi1/override").delete().getStatus());
        assertTrue("nothing was written", nb.overrides.isEmpty());
        assertEquals("0.85", nb.parameters.get("cth"));
    }

    // ---------------------------------------------------------------- APs

    @Test
    public void listsAndShowsAps() {
        Response r = as(VIEWER, "aps").get();
        assertEquals(200, r.getStatus());
        JsonNode aps = json(r).get("aps");
        assertEquals(2, aps.size());
        JsonNode wifi = aps.get(0);
        assertEquals("wifi1", wifi.get("id").asText());
        assertEquals("WIFI", wifi.get("kind").asText());
        assertEquals(0.91, wifi.get("occupancy").get("downlink").asDouble(), 0.0);
        assertEquals(3000, wifi.get("tier2LimitKbps").get("downlink").asLong());
        assertFalse("uplink unlimited", wifi.get("tier2LimitKbps").has("uplink"));
        assertEquals(1, wifi.get("flows").get("tier2").asInt());
        assertEquals("OK", wifi.get("agent").get("status").asText());
        JsonNode dl = wifi.get("decision").get("downlink");
        assertEquals("TIER1_STATIONS", dl.get("signal").asText());
        assertEquals(0.72, dl.get("signalValue").asDouble(), 0.0);
        assertEquals(0.4, dl.get("threshold").asDouble(), 0.0);
        assertEquals(3000, dl.get("targetKbps").asLong());
        assertEquals(54000, dl.get("capKbps").asLong());
        assertEquals("DECREASE", dl.get("reason").asText());
        assertEquals("signal at or above its threshold: halved", dl.get("note").asText());
        assertFalse("no uplink decision yet", wifi.get("decision").has("uplink"));
        JsonNode lte = json(as(VIEWER, "aps/lte1").get());
        JsonNode open = lte.get("decision").get("downlink");
        assertEquals("FAIL_OPEN", open.get("reason").asText());
        assertFalse("no signal when failed open", open.has("signal") || open.has("threshold"));
        assertFalse("no target when lifted", open.has("targetKbps") || open.has("capKbps"));
        assertEquals("FAILSAFE", lte.get("agent").get("status").asText());
        assertTrue(lte.get("agent").get("failsafe").asBoolean());
        assertNotFound(as(VIEWER, "aps/ghost").get());
    }

    @Test
    public void setsAndClearsApOverrides() {
        Response r = as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"cth\": 0.7, \"rmKbps\": 200}"));
        assertEquals(200, r.getStatus());
        assertEquals("wifi1", json(r).get("id").asText());
        assertEquals(new ApOverride(OptionalDouble.of(0.7), OptionalDouble.empty(), OptionalLong.of(200)),
                nb.overrides.get("wifi1"));
        assertEquals(204, as(ADMIN, "aps/wifi1/override").delete().getStatus());
        assertEquals(ApOverride.none(), nb.overrides.get("wifi1"));
    }

    @Test
    public void rejectsBadOverrides() {
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"cth\": \"high\"}")),
                "cth: must be a number");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"cth\": 2.0}")), "cth: must be in");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"alpha\": 1.0}")), "alpha: must be in");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"rmKbps\": 1.5}")),
                "rmKbps: must be an integer");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"rmKbps\": 0}")), "rmKbps: must be");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"speed\": 1}")),
                "speed: unknown field");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("{\"cth\": ")), "body: not valid JSON");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("[1]")), "body: must be a JSON object");
        assertBadRequest(as(ADMIN, "aps/wifi1/override").put(Entity.json("")), "body: a JSON object is required");
        assertNotFound(as(ADMIN, "aps/ghost/override").put(Entity.json("{\"cth\": 0.7}")));
        assertNotFound(as(ADMIN, "aps/ghost/override").delete());
        assertTrue(nb.overrides.isEmpty());
    }

    // ---------------------------------------------------------------- UEs

    @Test
    public void listsAndShowsUes() {
        JsonNode ues = json(as(VIEWER, "ues").get()).get("ues");
        assertEquals(1, ues.size());
        JsonNode ue = json(as(VIEWER, "ues/ue1").get());
        assertEquals("lte1", ue.get("primaryAp").asText());
        assertTrue(ue.get("multipath").asBoolean());
        JsonNode wifi = ue.get("connections").get(1);
        assertEquals("wifi1", wifi.get("apId").asText());
        assertEquals("TIER2", wifi.get("tier").asText());
        assertEquals(-48.0, wifi.get("rssiDbm").asDouble(), 0.0);
        assertEquals(54_000_000, wifi.get("txPhyRateBps").asLong());
        assertFalse(wifi.get("primary").asBoolean());
        assertNotFound(as(VIEWER, "ues/ghost").get());
    }

    @Test
    public void registersAndRemovesUes() {
        Response r = as(ADMIN, "ues").post(Entity.json(
                "{\"id\": \"ue7\", \"interfaces\": [{\"ip\": \"10.0.7.2\", \"mac\": \"02:00:00:00:07:02\"}]}"));
        assertEquals(201, r.getStatus());
        assertTrue(r.getLocation().getPath().endsWith("/ues/ue7"));
        assertEquals("02:00:00:00:07:02", nb.registrations.get("ue7").interfaces().get(0).mac());
        assertEquals(204, as(ADMIN, "ues/ue7").delete().getStatus());
        assertNotFound(as(ADMIN, "ues/ue7").delete());
    }

    @Test
    public void rejectsBadUeRegistrations() {
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"interfaces\": [{\"ip\": \"10.0.7.2\"}]}")),
                "id: is mandatory");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": null, \"interfaces\": []}")),
                "id: is mandatory");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": 5, \"interfaces\": []}")),
                "id: must be a string");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"bad id\", \"interfaces\": "
                + "[{\"ip\": \"10.0.7.2\"}]}")), "id: must match");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\"}")), "interfaces: is mandatory");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": {}}")),
                "interfaces: must be an array");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": []}")),
                "interfaces: must list at least one");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": [5]}")),
                "interfaces[0]: must be a JSON object");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": [{}]}")),
                "interfaces[0].ip: is mandatory");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": [{\"ip\": 1}]}")),
                "interfaces[0].ip: must be a string");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": "
                + "[{\"ip\": \"10.0.7.2\", \"mac\": false}]}")), "interfaces[0].mac: must be a string");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": "
                + "[{\"ip\": \"10.0.7.2\", \"port\": 1}]}")), "interfaces[0].port: unknown field");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": "
                + "[{\"ip\": \"ten\"}]}")), "ues[0].interfaces[0].ip: is not an IP address");
        assertBadRequest(as(ADMIN, "ues").post(Entity.json("{\"id\": \"ue7\", \"interfaces\": [], \"x\": 1}")),
                "x: unknown field");
        assertTrue(nb.registrations.isEmpty());
    }

    // ---------------------------------------------------------------- flows

    @Test
    public void listsFlowsWithFilters() {
        assertEquals(3, json(as(VIEWER, "flows").get()).get("flows").size());
        JsonNode f = json(as(VIEWER, "flows").get()).get("flows").get(0);
        assertEquals("DOWNLINK", f.get("direction").asText());
        assertEquals(1000, f.get("bytes").asLong());
        assertEquals(2, json(target("flows").queryParam("ap", "wifi1").request()
                .header(RoleFilter.HEADER, VIEWER).get()).get("flows").size());
        JsonNode t2 = json(target("flows").queryParam("ap", "wifi1").queryParam("tier", "tier2").request()
                .header(RoleFilter.HEADER, VIEWER).get()).get("flows");
        assertEquals(1, t2.size());
        assertEquals("ue1", t2.get(0).get("ueId").asText());
        assertEquals(2, json(target("flows").queryParam("ue", "ue1").request()
                .header(RoleFilter.HEADER, VIEWER).get()).get("flows").size());
        assertBadRequest(target("flows").queryParam("tier", "TIER3").request().header(RoleFilter.HEADER, VIEWER)
                .get(), "tier: must be one of");
    }

    // ---------------------------------------------------------------- parameters

    @Test
    public void readsAndWritesParameters() {
        JsonNode p = json(as(VIEWER, "parameters").get());
        assertEquals(2000, p.get("intervalMs").asLong());
        assertTrue(p.get("intervalMs").isIntegralNumber());
        assertEquals(0.85, p.get("cth").asDouble(), 0.0);
        assertEquals("priority", p.get("deadlockBreaker").asText());
        Response r = as(ADMIN, "parameters").put(Entity.json("{\"cth\": 0.9, \"deadlockBreaker\": \"baseline\"}"));
        assertEquals(200, r.getStatus());
        assertEquals(0.9, json(r).get("cth").asDouble(), 0.0);
        assertEquals("baseline", nb.parameters.get("deadlockBreaker"));
    }

    @Test
    public void writesTheTier1Threshold() {
        Response r = as(ADMIN, "parameters").put(Entity.json("{\"tier1Threshold\": 0.5}"));
        assertEquals(200, r.getStatus());
        assertEquals(0.5, json(r).get("tier1Threshold").asDouble(), 0.0);
        assertEquals("0.5", nb.parameters.get("tier1Threshold"));
    }

    @Test
    public void reportsTheParametersTheProfileIgnores() {
        JsonNode p = json(as(VIEWER, "parameters").get());
        assertEquals(Set.of("cth"), fieldNames(p.get("ignored")));
        assertEquals("mpsdn reads tier1Threshold", p.get("ignored").get("cth").asText());
        Response r = as(ADMIN, "parameters").put(Entity.json("{\"profile\": \"paper\"}"));
        assertEquals(200, r.getStatus());
        assertEquals(Set.of("tier1Threshold"), fieldNames(json(r).get("ignored")));
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"cth\": 0.8, \"ignored\": {}}")),
                "ignored: read-only");
        assertEquals("0.85", nb.parameters.get("cth"));
    }

    private static Set<String> fieldNames(JsonNode n) {
        Set<String> names = new java.util.TreeSet<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    public void setsTheHysteresisAndRejectsABadOne() {
        Response r = as(ADMIN, "parameters").put(Entity.json("{\"hysteresis\": 0.2}"));
        assertEquals(200, r.getStatus());
        assertEquals(0.2, json(r).get("hysteresis").asDouble(), 0.0);
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"hysteresis\": -0.5}")),
                "hysteresis: must be in [0.0, 10.0], was -0.5");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"hysteresis\": \"wide\"}")),
                "hysteresis: not a number");
        assertEquals("0.2", nb.parameters.get("hysteresis"));
    }

    @Test
    public void rejectsBadParameters() {
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"cth\": null}")), "cth: must not be null");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"cth\": {\"v\": 1}}")),
                "cth: must be a number or a string");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{}")), "body: name at least one parameter");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"deadlockBreaker\": \" \"}")),
                "deadlockBreaker: must not be empty");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"cth\": 2}")), "cth: must be in");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("{\"speed\": 2}")), "speed: unknown parameter");
        assertBadRequest(as(ADMIN, "parameters").put(Entity.json("nope")), "body: not valid JSON");
        assertEquals("0.85", nb.parameters.get("cth"));
    }

    // ---------------------------------------------------------------- intents

    @Test
    public void submitsShowsAndWithdrawsIntents() {
        Response r = as(ADMIN, "intents").post(Entity.json(
                "{\"kind\": \"MULTIPATH_POLICY\", \"target\": \"ue1\", \"mode\": \"PIN_PRIMARY\", "
                        + "\"apId\": \"lte1\"}"));
        assertEquals(201, r.getStatus());
        JsonNode stored = json(r);
        assertEquals("multipath_policy-ue1", stored.get("id").asText());
        assertEquals("PENDING", stored.get("state").asText());
        assertTrue(r.getLocation().getPath().endsWith("/intents/multipath_policy-ue1"));
        assertEquals(201, as(ADMIN, "intents").post(Entity.json("{\"id\": \"sched\", \"kind\": \"enb_scheduling\", "
                + "\"target\": \"lte1\", \"interCluster\": \"PFS\", \"clusterOverrides\": {\"user:ue1\": "
                + "\"ROUND_ROBIN\"}}")).getStatus());
        assertEquals(EnbDiscipline.ROUND_ROBIN, nb.intents.get("sched").clusterOverrides().get("user:ue1"));
        assertEquals(201, as(ADMIN, "intents").post(Entity.json("{\"id\": \"w\", \"kind\": \"CLIENT_WEIGHTS\", "
                + "\"target\": \"ue1\", \"weightMode\": \"MANUAL\", \"weights\": {\"wifi\": 3, \"lte\": 1}}"))
                .getStatus());
        assertEquals(Map.of("wifi", 3, "lte", 1), nb.intents.get("w").weights());
        assertEquals(3, json(as(VIEWER, "intents").get()).get("intents").size());
        JsonNode one = json(as(VIEWER, "intents/w").get());
        assertEquals("MANUAL", one.get("weightMode").asText());
        assertEquals(3, one.get("weights").get("wifi").asInt());
        assertNotFound(as(VIEWER, "intents/ghost").get());
        assertEquals(204, as(ADMIN, "intents/w").delete().getStatus());
        assertNotFound(as(ADMIN, "intents/w").delete());
    }

    private static final String SPLIT_INTENT = "{\"id\": \"split\", \"kind\": \"ENB_SCHEDULING\", \"target\": "
            + "\"lte1\", \"interCluster\": \"PFS\", \"split\": %s}";

    private static Entity<String> splitIntent(String split) {
        return Entity.json(String.format(SPLIT_INTENT, split));
    }

    @Test
    public void submitsAndShowsSplitIntents() {
        Response r = as(ADMIN, "intents").post(splitIntent("{\"targetUe\": \"ue1\", \"secondPathUe\": \"ue2\", "
                + "\"dstIp\": \"10.77.0.10\", \"dstPort\": 5201, \"mode\": \"shared_buffer\", "
                + "\"lteShare\": 0.25, \"rttMs\": 100, \"windowPackets\": 20}"));
        assertEquals(201, r.getStatus());
        EnbSplit s = nb.intents.get("split").split();
        assertEquals("ue1", s.targetUe());
        assertEquals("ue2", s.secondPathUe());
        assertEquals(5201, s.dstPort());
        assertEquals(SplitMode.SHARED_BUFFER, s.mode());
        assertEquals(EnbSplit.DEFAULT_ALPHA, s.alpha(), 0);
        assertEquals(EnbSplit.DEFAULT_BETA, s.beta(), 0);
        // default epoch: w (1 - beta) / alpha RTTs = 20 x 0.5 x 100 ms
        assertEquals(1000, s.epochMs(), 1e-9);
        JsonNode shown = json(as(VIEWER, "intents/split").get()).get("split");
        assertEquals("SHARED_BUFFER", shown.get("mode").asText());
        assertEquals(0.25, shown.get("lteShare").asDouble(), 0);
        assertEquals(100, shown.get("rttMs").asDouble(), 0);
        assertEquals(1000, shown.get("epochMs").asDouble(), 1e-9);
    }

    @Test
    public void rejectsBadSplits() {
        String ok = "\"targetUe\": \"ue1\", \"secondPathUe\": \"ue2\", \"dstIp\": \"10.77.0.10\", ";
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("[1]")), "split: must be a JSON object");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{\"secondPathUe\": \"ue2\"}")),
                "split.targetUe: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{\"targetUe\": \"ue1\", \"secondPathUe\": "
                + "\"ue1\", \"dstIp\": \"10.77.0.10\"}")), "split.secondPathUe: must differ");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{\"targetUe\": \"ue1\", \"secondPathUe\": "
                + "\"ue2\", \"dstIp\": \"host.example\"}")), "split.dstIp: not an IP address");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{\"targetUe\": \"ue1\", \"secondPathUe\": "
                + "\"ue2\"}")), "split.dstIp: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"rttMs\": 50, \"windowPackets\": 4}")),
                "split.lteShare: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 1.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4}")), "split.lteShare: must be in [0.0, 1.0]");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"windowPackets\": "
                + "4}")), "split.rttMs: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": \"50\", "
                + "\"windowPackets\": 4}")), "split.rttMs: must be a number");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 0, "
                + "\"windowPackets\": 4}")), "split.rttMs: must be in (0.0");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50}")),
                "split.windowPackets: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"beta\": 1}")), "split.beta: must be in [0, 1)");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"alpha\": -1}")), "split.alpha: must be in");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"alpha\": 0}")), "split.epochMs: is mandatory when alpha is 0");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"epochMs\": -5}")), "split.epochMs: must be in");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"dstPort\": 70000}")), "split.dstPort: must be in [0, 65535]");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"dstPort\": 1.5}")), "split.dstPort: must be an integer");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"mode\": \"HALVES\"}")), "split.mode: must be one of");
        assertBadRequest(as(ADMIN, "intents").post(splitIntent("{" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4, \"holdUs\": 7}")), "split.holdUs: unknown field");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\", \"mode\": \"EXEMPT\", \"split\": {" + ok + "\"lteShare\": 0.5, \"rttMs\": 50, "
                + "\"windowPackets\": 4}}")), "split: not allowed for MULTIPATH_POLICY");
        assertTrue(nb.intents.isEmpty());
    }

    @Test
    public void rejectsBadIntents() {
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"target\": \"ue1\"}")), "kind: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"TELEPORT\", \"target\": \"ue1\"}")),
                "kind: must be one of");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\"}")),
                "target: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\"}")), "mode: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\", \"mode\": \"SOMETIMES\"}")), "mode: must be one of");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\", \"mode\": \"PIN_PRIMARY\"}")), "apId: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\", \"mode\": \"EXEMPT\", \"apId\": \"lte1\"}")),
                "apId: only allowed with mode PIN_PRIMARY");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\", \"mode\": \"EXEMPT\", \"weights\": {\"a\": 1}}")), "weights: not allowed");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"ENB_SCHEDULING\", \"target\": "
                + "\"lte1\"}")), "interCluster: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"ENB_SCHEDULING\", \"target\": "
                + "\"lte1\", \"interCluster\": \"PFS\", \"clusterOverrides\": {\"c\": 3}}")),
                "clusterOverrides.c: must be a discipline name");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"ENB_SCHEDULING\", \"target\": "
                + "\"lte1\", \"interCluster\": \"PFS\", \"clusterOverrides\": [1]}")),
                "clusterOverrides: must be a JSON object");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"CLIENT_WEIGHTS\", \"target\": "
                + "\"ue1\"}")), "weightMode: is mandatory");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"CLIENT_WEIGHTS\", \"target\": "
                + "\"ue1\", \"weightMode\": \"MANUAL\"}")), "weights: MANUAL needs");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"CLIENT_WEIGHTS\", \"target\": "
                + "\"ue1\", \"weightMode\": \"MANUAL\", \"weights\": {\"wifi\": \"3\"}}")),
                "weights.wifi: must be an integer");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"CLIENT_WEIGHTS\", \"target\": "
                + "\"ue1\", \"weightMode\": \"MANUAL\", \"weights\": {\"wifi\": 0}}")), "weights.wifi: must be in");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"CLIENT_WEIGHTS\", \"target\": "
                + "\"ue1\", \"weightMode\": \"AUTOMATIC\", \"weights\": {\"wifi\": 2}}")), "weights: not allowed");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"CLIENT_WEIGHTS\", \"target\": "
                + "\"ue1\", \"weightMode\": \"AUTOMATIC\", \"priority\": 1}")), "priority: unknown field");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ghost\", \"mode\": \"EXEMPT\"}")), "target: unknown UE");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("{\"kind\": \"MULTIPATH_POLICY\", \"target\": "
                + "\"ue1\", \"mode\": \"EXEMPT\", \"id\": \"has space\"}")), "id: must match");
        assertBadRequest(as(ADMIN, "intents").post(Entity.json("[]")), "body: must be a JSON object");
        assertTrue(nb.intents.isEmpty());
    }

    // ---------------------------------------------------------------- metrics

    @Test
    public void servesPrometheusTextFormat() {
        metrics.cycleCompleted(3_000_000);
        metrics.telemetryChecked("lte1", false);
        Response r = target("metrics").request().header(RoleFilter.HEADER, VIEWER).get();
        assertEquals(200, r.getStatus());
        assertTrue(r.getMediaType().toString(), r.getMediaType().toString().startsWith("text/plain"));
        Map<String, Double> samples = TextFormatParser.parse(r.readEntity(String.class));
        assertEquals(0.91, samples.get("mpsdn_ap_mac_queue_occupancy_ratio{ap=\"wifi1\",direction=\"downlink\"}"),
                0.0);
        assertEquals(3e6, samples.get("mpsdn_ap_tier2_limit_bits_per_second{ap=\"wifi1\",direction=\"downlink\"}"),
                0.0);
        assertEquals(1.0, samples.get("mpsdn_failsafe_active{ap=\"lte1\"}"), 0.0);
        assertEquals(1.0, samples.get("mpsdn_agent_poll_errors_total{ap=\"lte1\"}"), 0.0);
        assertEquals(1.0, samples.get("mpsdn_cycle_duration_seconds_count"), 0.0);
    }
}
