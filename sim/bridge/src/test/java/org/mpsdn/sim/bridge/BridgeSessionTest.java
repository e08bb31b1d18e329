package org.mpsdn.sim.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Before;
import org.junit.Test;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Protocol v1 of the ns-3 bridge, end to end through the real Regulation Center. */
public class BridgeSessionTest {
    private static final String CONFIG = "{\"type\":\"config\",\"v\":1,\"cth\":0.85,\"alpha\":0.5,"
            + "\"minRateBps\":100000,\"intervalMillis\":2000,\"regulateUplink\":false}";

    private final ObjectMapper mapper = new ObjectMapper();
    private BridgeSession session;

    @Before
    public void setUp() throws IOException {
        session = new BridgeSession();
        JsonNode ready = answer(CONFIG);
        assertEquals("ready", ready.get("type").asText());
        assertEquals(1, ready.get("v").asInt());
    }

    private JsonNode answer(String line) throws IOException {
        return mapper.readTree(session.handle(line));
    }

    /** A multipath UE with a weak Wi-Fi and a good LTE link next to a strong Wi-Fi single-path UE. */
    private static String cycle(long seq, double wifiOcc) {
        return "{\"type\":\"cycle\",\"seq\":" + seq + ",\"timeMs\":2000,"
                + "\"aps\":[{\"id\":\"wifi0\",\"kind\":\"WIFI\",\"capacityBps\":54000000},"
                + "{\"id\":\"lte\",\"kind\":\"LTE\",\"capacityBps\":25000000}],"
                + "\"ues\":[{\"id\":\"ue0\",\"multipath\":true},{\"id\":\"ue1\",\"multipath\":false}],"
                + "\"connections\":[{\"ue\":\"ue0\",\"ap\":\"wifi0\",\"rssiDbm\":-88.0,\"phyRateBps\":6000000},"
                + "{\"ue\":\"ue0\",\"ap\":\"lte\",\"rssiDbm\":-70.0,\"phyRateBps\":20000000},"
                + "{\"ue\":\"ue1\",\"ap\":\"wifi0\",\"rssiDbm\":-50.0,\"phyRateBps\":54000000}],"
                + "\"flows\":["
                + flow(7, "10.100.0.1", "10.1.0.2", "ue0", "wifi0") + ","
                + flow(8, "10.100.3.1", "7.0.0.2", "ue0", "lte") + ","
                + flow(9, "10.100.0.1", "10.1.0.3", "ue1", "wifi0") + "],"
                + "\"occupancy\":[{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"occ\":" + wifiOcc + "},"
                + "{\"ap\":\"lte\",\"dir\":\"DOWNLINK\",\"occ\":0.95}]}";
    }

    private static String flow(int id, String src, String dst, String ue, String ap) {
        return "{\"id\":" + id + ",\"src\":\"" + src + "\",\"sport\":49153,\"dst\":\"" + dst
                + "\",\"dport\":5000,\"proto\":6,\"dir\":\"DOWNLINK\",\"ue\":\"" + ue + "\",\"ap\":\"" + ap
                + "\",\"bytes\":150000,\"packets\":100,\"ack\":false}";
    }

    private static Map<Integer, Integer> tiers(JsonNode decision) {
        Map<Integer, Integer> m = new HashMap<>();
        decision.get("tiers").forEach(t -> m.put(t.get("id").asInt(), t.get("tier").asInt()));
        return m;
    }

    private static long limit(JsonNode decision, String ap) {
        for (JsonNode l : decision.get("limits")) {
            if (l.get("ap").asText().equals(ap) && l.get("dir").asText().equals("DOWNLINK")) {
                return l.get("bps").asLong();
            }
        }
        throw new AssertionError("no limit for " + ap + " in " + decision);
    }

    @Test
    public void weakSecondarySubflowIsTier2AndLimitedUnderCongestion() throws IOException {
        JsonNode d = answer(cycle(1, 0.95));
        assertEquals(d.toString(), "decision", d.get("type").asText());
        assertEquals(1, d.get("seq").asLong());
        Map<Integer, Integer> t = tiers(d);
        assertEquals(Integer.valueOf(2), t.get(7));
        assertEquals(Integer.valueOf(1), t.get(8));
        assertEquals(Integer.valueOf(1), t.get(9));
        assertEquals(100_000L, limit(d, "wifi0"));
        assertEquals(0, d.get("droppedFlows").asInt());
        assertEquals(0, d.get("missingOccupancy").asInt());
        boolean lte = false;
        for (JsonNode p : d.get("primaries")) {
            lte |= p.get("ue").asText().equals("ue0") && p.get("ap").asText().equals("lte");
        }
        assertTrue(d.toString(), lte);
    }

    @Test
    public void limitGrowsAcrossCyclesWhenTheApIsIdle() throws IOException {
        long first = limit(answer(cycle(1, 0.2)), "wifi0");
        long second = limit(answer(cycle(2, 0.2)), "wifi0");
        assertTrue(first + " then " + second, second > first);
        long halved = limit(answer(cycle(3, 0.99)), "wifi0");
        assertEquals(Math.max(100_000L, second / 2), halved);
        assertEquals(3, session.cycles());
    }

    @Test
    public void errorsNameTheFieldAndKeepTheSessionUsable() throws IOException {
        JsonNode e = answer(cycle(1, 0.5).replace("\"capacityBps\":54000000", "\"capacity\":54000000"));
        assertEquals("error", e.get("type").asText());
        assertTrue(e.toString(), e.get("message").asText().contains("'capacityBps'"));

        e = answer(cycle(2, 0.5).replace("\"kind\":\"LTE\"", "\"kind\":\"WIMAX\""));
        assertTrue(e.toString(), e.get("message").asText().contains("'kind'")
                && e.get("message").asText().contains("WIMAX"));

        e = answer("{\"type\":\"cycle\",");
        assertTrue(e.toString(), e.get("message").asText().startsWith("request is not JSON"));

        e = answer("{\"type\":\"dance\"}");
        assertTrue(e.toString(), e.get("message").asText().contains("dance"));

        e = answer(cycle(3, 0.5).replace("\"sport\":49153", "\"sport\":\"x\""));
        assertTrue(e.toString(), e.get("message").asText().contains("'sport'"));

        assertEquals("decision", answer(cycle(4, 0.95)).get("type").asText());
    }

    @Test
    public void cycleBeforeConfigAndWrongVersionAreRejected() throws IOException {
        BridgeSession fresh = new BridgeSession();
        JsonNode e = mapper.readTree(fresh.handle(cycle(1, 0.5)));
        assertTrue(e.toString(), e.get("message").asText().contains("before config"));
        e = mapper.readTree(fresh.handle(CONFIG.replace("\"v\":1", "\"v\":2")));
        assertTrue(e.toString(), e.get("message").asText().contains("'v'"));
        e = mapper.readTree(fresh.handle(CONFIG.replace("\"alpha\":0.5", "\"alpha\":1.5")));
        assertTrue(e.toString(), e.get("message").asText().contains("alpha"));
    }
}
