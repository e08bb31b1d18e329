package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.util.HostPort;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.InvalidFieldException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Network config parsing and every rejection case, each naming the field and the reason.
 */
public class MpsdnConfigTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ApplicationId APP = new DefaultApplicationId(7, "org.mpsdn.app");

    private static ObjectNode valid() {
        try {
            return (ObjectNode) MAPPER.readTree("{\"aps\": ["
                    + "{\"id\": \"wifi1\", \"kind\": \"wifi\", \"deviceId\": \"of:0000000000000001\","
                    + " \"apPort\": 1, \"uplinkPort\": 2, \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\","
                    + " \"directions\": [\"downlink\", \"uplink\"], \"cth\": 0.8, \"alpha\": 0.4, \"rmKbps\": 200},"
                    + "{\"id\": \"lte1\", \"kind\": \"lte\", \"deviceId\": \"of:0000000000000002\","
                    + " \"apPort\": 3, \"uplinkPort\": 4, \"capacityKbps\": 20000, \"agent\": \"enb-1.lab:7000\"}],"
                    + " \"ues\": [{\"id\": \"ue1\", \"interfaces\": [{\"ip\": \"10.0.1.2\","
                    + " \"mac\": \"02:00:00:00:01:02\"}, {\"ip\": \"10.0.2.2\"}]}]}");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MpsdnConfig config(JsonNode node) {
        MpsdnConfig c = new MpsdnConfig();
        c.init(APP, MpsdnConfig.KEY, node, MAPPER, cfg -> { });
        return c;
    }

    @Test
    public void enbAgentOfLteApIsListed() {
        ObjectNode root = valid();
        ((ObjectNode) root.get("aps").get(1)).put("enbAgent", "10.0.0.9:50061");
        MpsdnConfig c = config(root);
        assertTrue(c.isValid());
        assertEquals(Map.of("lte1", "10.0.0.9:50061"), enbAgents(c));
        assertEquals(Map.of(), enbAgents(config(valid())));
        assertEquals(HostPort.parse("10.0.0.9:50061"), c.aps().get(1).enbAgent().orElseThrow());
    }

    /** The eNB endpoints the config carries, AP id to host:port. */
    private static Map<String, String> enbAgents(MpsdnConfig c) {
        Map<String, String> out = new LinkedHashMap<>();
        c.aps().forEach(ap -> ap.enbAgent().ifPresent(e -> out.put(ap.id(), e.toString())));
        return out;
    }

    @Test
    public void profileIsOptionalAndParsedWithTheRest() {
        assertEquals(Optional.empty(), config(valid()).profile());
        ObjectNode root = valid();
        root.put("profile", "mpsdn");
        MpsdnConfig c = config(root);
        assertEquals(Optional.of(Profile.MPSDN), c.profile());
        assertEquals(Optional.of(Profile.MPSDN), c.parsed().profile());
        assertEquals(c.aps(), c.parsed().aps());
        assertEquals(c.ues(), c.parsed().ues());
        root.put("profile", "paper");
        assertEquals(Optional.of(Profile.PAPER), config(root).profile());
    }

    @Test
    public void tier1ThresholdIsAnOptionalPerApOverride() {
        assertEquals(OptionalDouble.empty(), config(valid()).aps().get(0).tier1Threshold());
        ObjectNode root = valid();
        ap(root, 1).put("tier1Threshold", 0.5);
        List<ApSpec> aps = config(root).aps();
        assertEquals(OptionalDouble.empty(), aps.get(0).tier1Threshold());
        assertEquals(OptionalDouble.of(0.5), aps.get(1).tier1Threshold());
        assertEquals(OptionalDouble.of(0.8), aps.get(0).cth());
        assertEquals(aps.get(1), aps.get(1).withTier1Threshold(OptionalDouble.of(0.5)));
        assertFalse(aps.get(1).equals(aps.get(1).withTier1Threshold(OptionalDouble.empty())));
    }

    @Test
    public void domainDefaultsToOneDomainForEveryAp() {
        List<ApSpec> aps = config(valid()).aps();
        assertEquals(ApSpec.DEFAULT_DOMAIN, aps.get(0).domain());
        assertEquals(ApSpec.DEFAULT_DOMAIN, aps.get(1).domain());
        ObjectNode root = valid();
        ap(root, 1).put("domain", "north");
        aps = config(root).aps();
        assertEquals(ApSpec.DEFAULT_DOMAIN, aps.get(0).domain());
        assertEquals("north", aps.get(1).domain());
        assertFalse(aps.get(1).equals(aps.get(1).inDomain(ApSpec.DEFAULT_DOMAIN)));
    }

    @Test
    public void validConfigParsesExactly() {
        MpsdnConfig c = config(valid());
        assertTrue(c.isValid());
        List<ApSpec> aps = c.aps();
        assertEquals(2, aps.size());
        assertEquals(new ApSpec("wifi1", ApKind.WIFI, DeviceId.deviceId("of:0000000000000001"),
                PortNumber.portNumber(1), PortNumber.portNumber(2), 54000, "10.0.0.1:50051",
                Set.of(Direction.DOWNLINK, Direction.UPLINK), OptionalDouble.of(0.8), OptionalDouble.of(0.4),
                OptionalLong.of(200)), aps.get(0));
        assertEquals(new ApSpec("lte1", ApKind.LTE, DeviceId.deviceId("of:0000000000000002"),
                PortNumber.portNumber(3), PortNumber.portNumber(4), 20000, "enb-1.lab:7000",
                Set.of(Direction.DOWNLINK, Direction.UPLINK), OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalLong.empty()), aps.get(1));
        assertEquals(List.of(new UeSpec("ue1", Map.of(IpAddress.valueOf("10.0.1.2"),
                Optional.of(MacAddress.valueOf("02:00:00:00:01:02")), IpAddress.valueOf("10.0.2.2"),
                Optional.empty()))), c.ues());
    }

    private static final class Case {
        final String name;
        final Consumer<ObjectNode> mutate;
        final String field;
        final String reason;

        Case(String name, Consumer<ObjectNode> mutate, String field, String reason) {
            this.name = name;
            this.mutate = mutate;
            this.field = field;
            this.reason = reason;
        }
    }

    private static ObjectNode ap(ObjectNode root, int i) {
        return (ObjectNode) root.get("aps").get(i);
    }

    private static ObjectNode iface(ObjectNode root, int j) {
        return (ObjectNode) root.get("ues").get(0).get("interfaces").get(j);
    }

    private static List<Case> cases() {
        List<Case> l = new ArrayList<>();
        l.add(new Case("unknown top field", r -> r.put("extra", 1), "extra", "unknown field"));
        l.add(new Case("aps missing", r -> r.remove("aps"), "aps", "is mandatory"));
        l.add(new Case("aps not array", r -> r.put("aps", "x"), "aps", "must be an array"));
        l.add(new Case("aps empty", r -> r.set("aps", MAPPER.createArrayNode()), "aps", "at least one AP"));
        l.add(new Case("ap not object", r -> ((ArrayNode) r.get("aps")).add(3), "aps[2]", "must be an object"));
        l.add(new Case("unknown ap field", r -> ap(r, 0).put("ssid", "x"), "aps[0].ssid", "unknown field"));
        l.add(new Case("id missing", r -> ap(r, 0).remove("id"), "aps[0].id", "is mandatory"));
        l.add(new Case("id not string", r -> ap(r, 0).put("id", 5), "aps[0].id", "must be a string"));
        l.add(new Case("id bad chars", r -> ap(r, 0).put("id", "wi fi"), "aps[0].id", "1-64 characters"));
        l.add(new Case("id duplicate", r -> ap(r, 1).put("id", "wifi1"), "aps[1].id", "duplicate AP id wifi1"));
        l.add(new Case("kind missing", r -> ap(r, 0).remove("kind"), "aps[0].kind", "is mandatory"));
        l.add(new Case("kind unknown", r -> ap(r, 0).put("kind", "5g"), "aps[0].kind", "must be wifi or lte"));
        l.add(new Case("device missing", r -> ap(r, 0).remove("deviceId"), "aps[0].deviceId", "is mandatory"));
        l.add(new Case("device not uri", r -> ap(r, 0).put("deviceId", "no-scheme"), "aps[0].deviceId",
                "device URI"));
        l.add(new Case("device bad uri", r -> ap(r, 0).put("deviceId", "of:: x"), "aps[0].deviceId",
                "device URI"));
        l.add(new Case("device shared", r -> ap(r, 1).put("deviceId", "of:0000000000000001"), "aps[1].deviceId",
                "already fronts AP wifi1"));
        l.add(new Case("apPort missing", r -> ap(r, 0).remove("apPort"), "aps[0].apPort", "is mandatory"));
        l.add(new Case("apPort text", r -> ap(r, 0).put("apPort", "1"), "aps[0].apPort", "must be an integer"));
        l.add(new Case("apPort decimal", r -> ap(r, 0).put("apPort", 1.5), "aps[0].apPort", "must be an integer"));
        l.add(new Case("apPort zero", r -> ap(r, 0).put("apPort", 0), "aps[0].apPort", "must be in [1, "));
        l.add(new Case("apPort reserved", r -> ap(r, 0).put("apPort", 0xfffffffdL), "aps[0].apPort",
                "must be in [1, 4294967040]"));
        l.add(new Case("uplinkPort missing", r -> ap(r, 0).remove("uplinkPort"), "aps[0].uplinkPort",
                "is mandatory"));
        l.add(new Case("uplinkPort same", r -> ap(r, 0).put("uplinkPort", 1), "aps[0].uplinkPort",
                "must differ from apPort"));
        l.add(new Case("capacity missing", r -> ap(r, 0).remove("capacityKbps"), "aps[0].capacityKbps",
                "is mandatory"));
        l.add(new Case("capacity zero", r -> ap(r, 0).put("capacityKbps", 0), "aps[0].capacityKbps",
                "must be in [1, 100000000], was 0"));
        l.add(new Case("capacity negative", r -> ap(r, 0).put("capacityKbps", -5), "aps[0].capacityKbps",
                "was -5"));
        l.add(new Case("capacity huge", r -> ap(r, 0).put("capacityKbps", 100_000_001L), "aps[0].capacityKbps",
                "must be in [1, 100000000]"));
        l.add(new Case("agent missing", r -> ap(r, 0).remove("agent"), "aps[0].agent", "is mandatory"));
        l.add(new Case("agent no port", r -> ap(r, 0).put("agent", "10.0.0.1"), "aps[0].agent",
                "must be host:port"));
        l.add(new Case("agent port text", r -> ap(r, 0).put("agent", "10.0.0.1:grpc"), "aps[0].agent",
                "non-numeric port"));
        l.add(new Case("agent port range", r -> ap(r, 0).put("agent", "10.0.0.1:70000"), "aps[0].agent",
                "port must be in [1, 65535]"));
        l.add(new Case("agent host bad", r -> ap(r, 0).put("agent", "bad host:1"), "aps[0].agent",
                "invalid host"));
        l.add(new Case("domain not string", r -> ap(r, 0).put("domain", 3), "aps[0].domain", "must be a string"));
        l.add(new Case("domain bad chars", r -> ap(r, 0).put("domain", "north/east"), "aps[0].domain",
                "1-64 characters"));
        l.add(new Case("enbAgent on wifi", r -> ap(r, 0).put("enbAgent", "10.0.0.9:50061"), "aps[0].enbAgent",
                "only allowed on an lte AP"));
        l.add(new Case("enbAgent no port", r -> ap(r, 1).put("enbAgent", "10.0.0.9"), "aps[1].enbAgent",
                "must be host:port"));
        l.add(new Case("enbAgent not text", r -> ap(r, 1).put("enbAgent", 50061), "aps[1].enbAgent",
                "must be a string"));
        l.add(new Case("directions empty", r -> ap(r, 0).set("directions", MAPPER.createArrayNode()),
                "aps[0].directions", "non-empty array"));
        l.add(new Case("directions not array", r -> ap(r, 0).put("directions", "downlink"),
                "aps[0].directions", "non-empty array"));
        l.add(new Case("direction unknown", r -> ((ArrayNode) ap(r, 0).get("directions")).add("sideways"),
                "aps[0].directions", "unknown direction 'sideways'"));
        l.add(new Case("direction twice", r -> ((ArrayNode) ap(r, 0).get("directions")).add("uplink"),
                "aps[0].directions", "lists uplink twice"));
        l.add(new Case("direction not string", r -> ((ArrayNode) ap(r, 0).get("directions")).add(1),
                "aps[0].directions", "must be strings"));
        l.add(new Case("cth zero", r -> ap(r, 0).put("cth", 0.0), "aps[0].cth", "must be in (0.0, 1.0]"));
        l.add(new Case("tier1Threshold zero", r -> ap(r, 0).put("tier1Threshold", 0.0), "aps[0].tier1Threshold",
                "must be in (0.0, 1.0]"));
        l.add(new Case("tier1Threshold above one", r -> ap(r, 1).put("tier1Threshold", 1.5),
                "aps[1].tier1Threshold", "must be in (0.0, 1.0]"));
        l.add(new Case("tier1Threshold text", r -> ap(r, 0).put("tier1Threshold", "low"), "aps[0].tier1Threshold",
                "must be a number"));
        l.add(new Case("cth above one", r -> ap(r, 0).put("cth", 1.01), "aps[0].cth", "must be in (0.0, 1.0]"));
        l.add(new Case("cth text", r -> ap(r, 0).put("cth", "high"), "aps[0].cth", "must be a number"));
        l.add(new Case("alpha one", r -> ap(r, 0).put("alpha", 1.0), "aps[0].alpha", "must be in (0.0, 1.0)"));
        l.add(new Case("alpha negative", r -> ap(r, 0).put("alpha", -0.1), "aps[0].alpha", "was -0.1"));
        l.add(new Case("rm zero", r -> ap(r, 0).put("rmKbps", 0), "aps[0].rmKbps", "must be in [1, 54000]"));
        l.add(new Case("rm above capacity", r -> ap(r, 0).put("rmKbps", 54001), "aps[0].rmKbps",
                "must be in [1, 54000], was 54001"));
        l.add(new Case("profile unknown", r -> r.put("profile", "fast"), "profile",
                "must be paper or mpsdn, was 'fast'"));
        l.add(new Case("profile not text", r -> r.put("profile", 1), "profile", "must be a string (paper or mpsdn)"));
        l.add(new Case("ues not array", r -> r.put("ues", 1), "ues", "must be an array"));
        l.add(new Case("ue not object", r -> ((ArrayNode) r.get("ues")).add("ue2"), "ues[1]", "must be an object"));
        l.add(new Case("ue unknown field", r -> ((ObjectNode) r.get("ues").get(0)).put("imsi", 1), "ues[0].imsi",
                "unknown field"));
        l.add(new Case("ue id missing", r -> ((ObjectNode) r.get("ues").get(0)).remove("id"), "ues[0].id",
                "is mandatory"));
        l.add(new Case("ue id duplicate", r -> ((ArrayNode) r.get("ues")).addObject().put("id", "ue1")
                .putArray("interfaces").addObject().put("ip", "10.0.9.9"), "ues[1].id", "duplicate UE id ue1"));
        l.add(new Case("ue no interfaces", r -> ((ObjectNode) r.get("ues").get(0)).remove("interfaces"),
                "ues[0].interfaces", "non-empty array"));
        l.add(new Case("iface not object", r -> ((ArrayNode) r.get("ues").get(0).get("interfaces")).add(1),
                "ues[0].interfaces[2]", "must be an object"));
        l.add(new Case("iface unknown field", r -> iface(r, 0).put("ssid", "x"), "ues[0].interfaces[0].ssid",
                "unknown field"));
        l.add(new Case("iface ip missing", r -> iface(r, 0).remove("ip"), "ues[0].interfaces[0].ip",
                "is mandatory"));
        l.add(new Case("iface ip bad", r -> iface(r, 0).put("ip", "10.0.1.300"), "ues[0].interfaces[0].ip",
                "not an IP address"));
        l.add(new Case("iface ip reused", r -> iface(r, 1).put("ip", "10.0.1.2"), "ues[0].interfaces[1].ip",
                "already belongs to UE ue1"));
        l.add(new Case("iface mac bad", r -> iface(r, 0).put("mac", "02:00:00"), "ues[0].interfaces[0].mac",
                "not a MAC address"));
        return l;
    }

    @Test
    public void everyInvalidCaseIsRejectedWithFieldAndReason() {
        List<Case> cases = cases();
        for (Case c : cases) {
            ObjectNode root = valid();
            c.mutate.accept(root);
            MpsdnConfig cfg = config(root);
            try {
                cfg.isValid();
                fail(c.name + ": accepted");
            } catch (InvalidFieldException e) {
                assertEquals(c.name, c.field, e.field());
                assertTrue(c.name + ": reason '" + e.reason() + "' lacks '" + c.reason + "'",
                        e.reason().contains(c.reason));
            }
            try {
                cfg.aps();
                cfg.ues();
                fail(c.name + ": parsed although invalid");
            } catch (InvalidFieldException e) {
                assertEquals(c.name, c.field, e.field());
            }
        }
        assertEquals(66, cases.size());
    }
}
