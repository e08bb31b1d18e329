package org.mpsdn.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;
import org.mpsdn.api.northbound.codec.NorthboundCodecs;
import org.mpsdn.web.metrics.FakeDetection;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onosproject.codec.CodecService;
import org.onosproject.rest.resources.ResourceTest;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * GET /detection (issue 16): the detector's counters, station feeds, users and conflicts; the UE
 * list says how each UE is known.
 */
public class DetectionWebResourceTest extends ResourceTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private FakeNorthbound nb;

    /**
     * Creates the test with the app's web application plus the role stand-in.
     */
    public DetectionWebResourceTest() {
        super(ResourceConfig.forApplicationClass(MpsdnWebApplication.class).register(RoleFilter.class));
    }

    @Before
    public void setUpServices() {
        TestUtils.setField(AuthorizationFilter.class, "disableForTests", false);
        nb = new FakeNorthbound();
        TestCodecService codecs = new TestCodecService();
        NorthboundCodecs.register(codecs);
        setServiceDirectory(new TestServiceDirectory()
                .add(NorthboundService.class, nb)
                .add(NorthboundAdminService.class, nb)
                .add(CodecService.class, codecs)
                .add(DetectionService.class, new FakeDetection()));
    }

    private Response get(String path) {
        return target(path).request(MediaType.APPLICATION_JSON_TYPE).header(RoleFilter.HEADER, "viewer").get();
    }

    private static JsonNode json(Response r) {
        try {
            return MAPPER.readTree(r.readEntity(String.class));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void showsCountersFeedsUsersAndConflicts() {
        assertEquals(403, target("detection").request().get().getStatus());
        Response r = get("detection");
        assertEquals(200, r.getStatus());
        JsonNode d = json(r);
        assertEquals(4, d.path("events").path("joins_resolved").asLong());
        assertEquals(2, d.path("malformedFrames").asLong());
        JsonNode lte = d.path("stationFeeds").get(0);
        assertEquals("lte1", lte.path("apId").asText());
        assertEquals(3, lte.path("stationsWithoutMac").asInt());
        JsonNode user = d.path("users").get(0);
        assertEquals("auto-1", user.path("id").asText());
        assertTrue(user.path("multipath").asBoolean());
        assertEquals("10.0.2.2", user.path("aps").path("lte1").get(0).asText());
        assertEquals("ADDRESS_CLAIMED_BY_TWO_STATIONS", d.path("conflicts").get(0).path("kind").asText());
        assertEquals(2, d.path("users").size());
    }

    private Response detection(String multipath) {
        return target("detection").queryParam("multipath", multipath).request()
                .header(RoleFilter.HEADER, "viewer").get();
    }

    @Test
    public void filtersUsersByMultipathAndNamesABadValue() {
        JsonNode mp = json(detection("true"));
        assertEquals(1, mp.path("users").size());
        assertEquals("auto-1", mp.path("users").get(0).path("id").asText());
        assertEquals("counters are not filtered", 4, mp.path("events").path("joins_resolved").asLong());
        JsonNode sp = json(detection("FALSE"));
        assertEquals(1, sp.path("users").size());
        assertEquals("ue1", sp.path("users").get(0).path("id").asText());
        Response bad = detection("yes");
        assertEquals(400, bad.getStatus());
        assertEquals("multipath: must be true or false, was 'yes'", json(bad).path("message").asText());
    }

    @Test
    public void ueListSaysHowEachUeIsKnown() {
        nb.ues.put("auto-1", new UeInfo("auto-1", UeSource.DETECTED, "wifi1", List.of()));
        JsonNode ues = json(get("ues")).path("ues");
        assertEquals("DETECTED", ues.get(0).path("source").asText());
        assertEquals("REGISTERED", ues.get(1).path("source").asText());
        assertEquals("DETECTED", json(get("ues/auto-1")).path("source").asText());
    }
}
