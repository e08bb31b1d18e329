package org.mpsdn.web.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.codec.MpsdnIntentCodec;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.io.IOException;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Steering intents: the codec decodes what it encodes, reads the TS 29.244 mode codes, and names
 * every bad field.
 */
public class SteeringCodecTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final MpsdnIntentCodec CODEC = new MpsdnIntentCodec();

    private static final CodecContext CONTEXT = new CodecContext() {
        @Override
        public ObjectMapper mapper() {
            return MAPPER;
        }

        @Override
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            throw new UnsupportedOperationException();
        }
    };

    private static MpsdnIntent roundTrip(MpsdnIntent i) {
        try {
            String text = MAPPER.writeValueAsString(CODEC.encode(i, CONTEXT));
            return CODEC.decode((ObjectNode) MAPPER.readTree(text), CONTEXT);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static MpsdnIntent decode(String json) {
        try {
            return CODEC.decode((ObjectNode) MAPPER.readTree(json.replace('\'', '"')), CONTEXT);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void rejects(String json, String prefix) {
        try {
            decode(json);
            fail("accepted " + json);
        } catch (IllegalArgumentException e) {
            assertTrue("'" + e.getMessage() + "' should start with '" + prefix + "'",
                    e.getMessage().startsWith(prefix));
        }
    }

    private static MpsdnIntent steering(String target, SteeringRule rule) {
        return MpsdnIntent.builder().id("s-" + rule.mode()).kind(IntentKind.STEERING).target(target)
                .steering(rule).build();
    }

    @Test
    public void everyModeRoundTrips() {
        TrafficDescriptor web = TrafficDescriptor.builder().protocol(TrafficDescriptor.TCP)
                .dstPrefix("10.77.0.0/24").dstPorts(443, 8443).dscp(46).build();
        MpsdnIntent as = steering("ue1", SteeringRule.builder().precedence(5).mode(SteeringMode.ACTIVE_STANDBY)
                .activeAp("wifi1").trafficDescriptor(web).build());
        MpsdnIntent lb = steering("*", SteeringRule.builder().precedence(200).mode(SteeringMode.LOAD_BALANCING)
                .share("wifi1", 70).share("lte1", 30).build());
        MpsdnIntent auto = steering("ue2", SteeringRule.builder().precedence(0).mode(SteeringMode.LOAD_BALANCING)
                .autonomous(true).build());
        MpsdnIntent sd = steering("ue3", SteeringRule.builder().precedence(7).mode(SteeringMode.SMALLEST_DELAY)
                .rttHysteresisMs(15).trafficDescriptor(TrafficDescriptor.builder().protocol(132).build()).build());
        MpsdnIntent pb = steering("ue4", SteeringRule.builder().precedence(9).mode(SteeringMode.PRIORITY_BASED)
                .trafficDescriptor(TrafficDescriptor.builder().dstPrefix("2001:db8::1").build()).build());
        for (MpsdnIntent i : new MpsdnIntent[] {as, lb, auto, sd, pb}) {
            assertEquals(i, roundTrip(i));
        }
        MpsdnIntent acked = as.withState(IntentState.FAILED, "not applied on ue9",
                Map.of("ue1", "client agent: MP_PRIO backup on path lte", "ue9", "not applied: no client agent"), 3);
        assertEquals(acked, roundTrip(acked));
        assertEquals("2001:db8::1/128", pb.steering().trafficDescriptor().dstPrefix());
    }

    @Test
    public void encodesTheModeCodeAndThePortRange() {
        MpsdnIntent i = decode("{'kind':'STEERING','target':'ue1','precedence':3,"
                + "'trafficDescriptor':{'protocol':'udp','dstPorts':'5000-5010'},"
                + "'steering':{'modeCode':1}}");
        assertEquals(SteeringMode.SMALLEST_DELAY, i.steering().mode());
        assertEquals(SteeringRule.DEFAULT_HYSTERESIS_MS, i.steering().rttHysteresisMs());
        assertEquals("steering-ue1", i.id());
        ObjectNode n = CODEC.encode(i, CONTEXT);
        assertEquals(1, n.path("steering").path("modeCode").asInt());
        assertEquals("SMALLEST_DELAY", n.path("steering").path("mode").asText());
        assertEquals("UDP", n.path("trafficDescriptor").path("protocol").asText());
        assertEquals("5000-5010", n.path("trafficDescriptor").path("dstPorts").asText());
        assertEquals(3, n.path("precedence").asInt());
        assertEquals(0, SteeringMode.ACTIVE_STANDBY.code());
        assertEquals(2, SteeringMode.LOAD_BALANCING.code());
        assertEquals(3, SteeringMode.PRIORITY_BASED.code());
        MpsdnIntent all = decode("{'kind':'STEERING','target':'*','precedence':1,"
                + "'steering':{'mode':'priority_based','modeCode':3}}");
        assertEquals("steering-all", all.id());
        assertNull(all.steering().trafficDescriptor());
        assertFalse(CODEC.encode(all, CONTEXT).has("trafficDescriptor"));
        assertEquals(443, decode("{'kind':'STEERING','target':'ue1','precedence':1,"
                + "'trafficDescriptor':{'protocol':6,'dstPorts':443},'steering':{'mode':'PRIORITY_BASED'}}")
                .steering().trafficDescriptor().dstPortMax());
    }

    @Test
    public void namesTheBadField() {
        String ok = "'kind':'STEERING','target':'ue1',";
        rejects("{" + ok + "'precedence':1}", "precedence: only with a steering object");
        rejects("{" + ok + "'steering':{'mode':'ACTIVE_STANDBY','activeAp':'wifi1'}}", "precedence: is mandatory");
        rejects("{" + ok + "'precedence':256,'steering':{'mode':'PRIORITY_BASED'}}", "precedence:");
        rejects("{" + ok + "'precedence':-1,'steering':{'mode':'PRIORITY_BASED'}}", "precedence:");
        rejects("{" + ok + "'precedence':1.5,'steering':{'mode':'PRIORITY_BASED'}}", "precedence:");
        rejects("{" + ok + "'precedence':1,'steering':{}}", "steering.mode: is mandatory");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'FASTEST'}}", "steering.mode: must be one of");
        rejects("{" + ok + "'precedence':1,'steering':{'modeCode':4}}", "steering.modeCode: must be a TS 29.244");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'PRIORITY_BASED','modeCode':0}}",
                "steering.modeCode: 0 is ACTIVE_STANDBY, not PRIORITY_BASED");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'ACTIVE_STANDBY'}}", "steering.activeAp: is mandatory");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'ACTIVE_STANDBY','activeAp':'a b'}}",
                "steering.activeAp: must match");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'PRIORITY_BASED','activeAp':'wifi1'}}",
                "steering.activeAp: only with mode ACTIVE_STANDBY");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'LOAD_BALANCING'}}", "steering.shares: LOAD_BALANCING"
                + " needs either");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'LOAD_BALANCING','autonomous':true,"
                + "'shares':{'wifi1':100}}}", "steering.shares: LOAD_BALANCING needs either");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'LOAD_BALANCING','shares':{'wifi1':70,'lte1':20}}}",
                "steering.shares: must sum to 100, was 90");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'LOAD_BALANCING','shares':{'wifi1':170,'lte1':-70}}}",
                "steering.shares.wifi1: must be a percent");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'LOAD_BALANCING','shares':{'wifi1':'70'}}}",
                "steering.shares.wifi1: must be an integer percent");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'LOAD_BALANCING','autonomous':'yes'}}",
                "autonomous: must be true or false");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'PRIORITY_BASED','autonomous':true}}",
                "steering.autonomous: only with mode LOAD_BALANCING");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'PRIORITY_BASED','rttHysteresisMs':5}}",
                "steering.rttHysteresisMs: only with mode SMALLEST_DELAY");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'SMALLEST_DELAY','rttHysteresisMs':-5}}",
                "steering.rttHysteresisMs: must be in");
        rejects("{" + ok + "'precedence':1,'steering':{'mode':'SMALLEST_DELAY','weight':1}}",
                "steering.weight: unknown field");
        rejects("{" + ok + "'precedence':1,'steering':'SMALLEST_DELAY'}", "steering: must be a JSON object");
        rejects("{'kind':'CLIENT_WEIGHTS','target':'ue1','weightMode':'AUTOMATIC','precedence':1,"
                + "'steering':{'mode':'PRIORITY_BASED'}}", "steering: not allowed for CLIENT_WEIGHTS");
        rejects("{'kind':'STEERING','target':'ue1'}", "steering: is mandatory for STEERING");
        rejects("{'id':'s','kind':'STEERING','target':'ue*','precedence':1,'steering':{'mode':'PRIORITY_BASED'}}",
                "target: must match");
        rejects("{'id':'w','kind':'CLIENT_WEIGHTS','target':'*','weightMode':'AUTOMATIC'}", "target: must match");
        rejects("{" + ok + "'applied':{'ue1':3},'precedence':1,'steering':{'mode':'PRIORITY_BASED'}}",
                "applied.ue1: must be a string");
    }

    @Test
    public void namesTheBadDescriptorField() {
        String ok = "{'kind':'STEERING','target':'ue1','precedence':1,'steering':{'mode':'PRIORITY_BASED'},";
        rejects(ok + "'trafficDescriptor':{}}", "trafficDescriptor: names no field");
        rejects(ok + "'trafficDescriptor':[]}", "trafficDescriptor: must be a JSON object");
        rejects(ok + "'trafficDescriptor':{'protocol':'SCTPX'}}", "trafficDescriptor.protocol: must be TCP");
        rejects(ok + "'trafficDescriptor':{'protocol':256}}", "trafficDescriptor.protocol: must be an integer");
        rejects(ok + "'trafficDescriptor':{'dstPrefix':'10.0.0.0/33'}}", "trafficDescriptor.dstPrefix: must be");
        rejects(ok + "'trafficDescriptor':{'dstPrefix':'host'}}", "trafficDescriptor.dstPrefix: must be");
        rejects(ok + "'trafficDescriptor':{'protocol':'TCP','dstPorts':'80-70'}}", "trafficDescriptor.dstPorts:");
        rejects(ok + "'trafficDescriptor':{'protocol':'TCP','dstPorts':'80-'}}", "trafficDescriptor.dstPorts:");
        rejects(ok + "'trafficDescriptor':{'protocol':'TCP','dstPorts':'1-2-3'}}", "trafficDescriptor.dstPorts:");
        rejects(ok + "'trafficDescriptor':{'protocol':'TCP','dstPorts':70000}}", "trafficDescriptor.dstPorts:");
        rejects(ok + "'trafficDescriptor':{'protocol':'TCP','dstPorts':true}}", "trafficDescriptor.dstPorts:");
        rejects(ok + "'trafficDescriptor':{'dstPorts':80}}", "trafficDescriptor.dstPorts: only with protocol TCP");
        rejects(ok + "'trafficDescriptor':{'protocol':'ICMP','dstPorts':80}}",
                "trafficDescriptor.dstPorts: only with protocol TCP");
        rejects(ok + "'trafficDescriptor':{'dscp':64}}", "trafficDescriptor.dscp: must be in [0, 63]");
        rejects(ok + "'trafficDescriptor':{'dscp':'ef'}}", "trafficDescriptor.dscp: must be an integer");
        rejects(ok + "'trafficDescriptor':{'port':80}}", "trafficDescriptor.port: unknown field");
    }

    @Test
    public void descriptorsMatchAndOverlap() {
        TrafficDescriptor web = TrafficDescriptor.builder().protocol(TrafficDescriptor.TCP)
                .dstPrefix("10.77.0.0/16").dstPorts(443, 443).build();
        assertTrue(web.matches(6, "10.77.3.4", 443, 0));
        assertFalse(web.matches(17, "10.77.3.4", 443, 0));
        assertFalse(web.matches(6, "10.78.3.4", 443, 0));
        assertFalse(web.matches(6, "10.77.3.4", 444, 0));
        TrafficDescriptor ef = TrafficDescriptor.builder().dscp(46).build();
        assertTrue(ef.matches(17, "1.2.3.4", 5000, 46));
        assertFalse("an unknown DSCP does not match a DSCP", ef.matches(17, "1.2.3.4", 5000, TrafficDescriptor.ANY));
        TrafficDescriptor host = TrafficDescriptor.builder().dstPrefix("10.77.1.1").build();
        TrafficDescriptor other = TrafficDescriptor.builder().dstPrefix("10.88.0.0/16").build();
        TrafficDescriptor udp = TrafficDescriptor.builder().protocol(TrafficDescriptor.UDP).build();
        TrafficDescriptor range = TrafficDescriptor.builder().protocol(TrafficDescriptor.TCP).dstPorts(400, 500)
                .build();
        TrafficDescriptor high = TrafficDescriptor.builder().protocol(TrafficDescriptor.TCP).dstPorts(501, 600)
                .build();
        assertTrue(TrafficDescriptor.overlap(web, null));
        assertTrue(TrafficDescriptor.overlap(web, host));
        assertFalse(TrafficDescriptor.overlap(web, other));
        assertFalse(TrafficDescriptor.overlap(web, udp));
        assertTrue(TrafficDescriptor.overlap(web, ef));
        assertTrue(TrafficDescriptor.overlap(web, range));
        assertFalse(TrafficDescriptor.overlap(range, high));
        assertFalse(TrafficDescriptor.overlap(ef, TrafficDescriptor.builder().dscp(10).build()));
    }
}
