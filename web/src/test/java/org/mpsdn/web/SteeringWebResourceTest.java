package org.mpsdn.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.codec.NorthboundCodecs;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onosproject.codec.CodecService;
import org.onosproject.rest.resources.ResourceTest;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * POST /intents with steering intents: created with the mode and its TS 29.244 code, or 400
 * naming the bad field.
 */
public class SteeringWebResourceTest extends ResourceTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String ADMIN = "viewer,admin";

    private FakeNorthbound nb;

    /**
     * Creates the test with the app's web application plus the role stand-in.
     */
    public SteeringWebResourceTest() {
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
                .add(CodecService.class, codecs));
    }

    private Response post(String body) {
        return target("intents").request(MediaType.APPLICATION_JSON_TYPE).header(RoleFilter.HEADER, ADMIN)
                .post(Entity.json(body.replace('\'', '"')));
    }

    private static JsonNode json(Response r) {
        try {
            return MAPPER.readTree(r.readEntity(String.class));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private void assertBadRequest(String body, String prefix) {
        Response r = post(body);
        assertEquals(body, 400, r.getStatus());
        String msg = json(r).path("message").asText();
        assertTrue("message '" + msg + "' should start with '" + prefix + "'", msg.startsWith(prefix));
    }

    @Test
    public void createsASteeringIntentForAllUes() {
        Response r = post("{'kind':'STEERING','target':'*','precedence':10,"
                + "'trafficDescriptor':{'protocol':'TCP','dstPorts':'5201-5210'},"
                + "'steering':{'modeCode':2,'shares':{'wifi1':70,'lte1':30}}}");
        assertEquals(201, r.getStatus());
        assertTrue(r.getLocation().toString().endsWith("/intents/steering-all"));
        JsonNode i = json(r);
        assertEquals("LOAD_BALANCING", i.path("steering").path("mode").asText());
        assertEquals(SteeringMode.LOAD_BALANCING.code(), i.path("steering").path("modeCode").asInt());
        assertEquals(70, i.path("steering").path("shares").path("wifi1").asInt());
        assertEquals("5201-5210", i.path("trafficDescriptor").path("dstPorts").asText());
        assertEquals(SteeringMode.LOAD_BALANCING, nb.intent("steering-all").orElseThrow().steering().mode());
        JsonNode listed = json(target("intents/steering-all").request().header(RoleFilter.HEADER, "viewer").get());
        assertEquals(10, listed.path("precedence").asInt());
    }

    @Test
    public void badSteeringIsA400NamingTheField() {
        String ok = "{'kind':'STEERING','target':'ue1','precedence':1,";
        assertBadRequest(ok + "'steering':{'mode':'FASTEST'}}", "steering.mode: must be one of");
        assertBadRequest(ok + "'steering':{'mode':'ACTIVE_STANDBY'}}", "steering.activeAp: is mandatory");
        assertBadRequest(ok + "'steering':{'mode':'PRIORITY_BASED'},'trafficDescriptor':{'protocol':'TCP',"
                + "'dstPorts':'9-1'}}", "trafficDescriptor.dstPorts: must be a port or a range");
        assertBadRequest("{'kind':'STEERING','target':'ue1','steering':{'mode':'PRIORITY_BASED'}}",
                "precedence: is mandatory");
        assertBadRequest(ok + "'steering':{'mode':'LOAD_BALANCING','shares':{'wifi1':50}}}",
                "steering.shares: must sum to 100");
        assertBadRequest("{'kind':'STEERING','target':'ghost','precedence':1,'steering':{'mode':'PRIORITY_BASED'}}",
                "target: unknown UE 'ghost'");
        assertTrue("nothing stored", nb.intents().isEmpty());
    }
}
