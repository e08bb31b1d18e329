package org.mpsdn.sim.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import java.io.IOException;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The bridge's optional profile settings, flow rates from byte counters and station queues.
 * ue0's weak Wi-Fi subflow (flow 7) is Tier 2 on wifi0 next to single-path ue1 (flow 9).
 */
public class BridgeProfileTest {
    private static final String CONFIG = "{\"type\":\"config\",\"v\":1,\"cth\":0.85,\"alpha\":0.5,"
            + "\"minRateBps\":100000,\"intervalMillis\":2000,\"regulateUplink\":false%s}";

    private final ObjectMapper mapper = new ObjectMapper();

    private static String cycle(long seq, long timeMs, long tier2Bytes, double wifiOcc, String stations) {
        return "{\"type\":\"cycle\",\"seq\":" + seq + ",\"timeMs\":" + timeMs + ","
                + "\"aps\":[{\"id\":\"wifi0\",\"kind\":\"WIFI\",\"capacityBps\":54000000},"
                + "{\"id\":\"lte\",\"kind\":\"LTE\",\"capacityBps\":25000000}],"
                + "\"ues\":[{\"id\":\"ue0\",\"multipath\":true},{\"id\":\"ue1\",\"multipath\":false}],"
                + "\"connections\":[{\"ue\":\"ue0\",\"ap\":\"wifi0\",\"rssiDbm\":-88.0,\"phyRateBps\":6000000},"
                + "{\"ue\":\"ue0\",\"ap\":\"lte\",\"rssiDbm\":-70.0,\"phyRateBps\":20000000},"
                + "{\"ue\":\"ue1\",\"ap\":\"wifi0\",\"rssiDbm\":-50.0,\"phyRateBps\":54000000}],"
                + "\"flows\":[" + flow(7, "10.1.0.2", "ue0", "wifi0", tier2Bytes) + ","
                + flow(9, "10.1.0.3", "ue1", "wifi0", 5_000_000L * seq) + "],"
                + "\"occupancy\":[{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"occ\":" + wifiOcc + "}]"
                + stations + "}";
    }

    private static String flow(int id, String dst, String ue, String ap, long bytes) {
        return "{\"id\":" + id + ",\"src\":\"10.100.0.1\",\"sport\":49153,\"dst\":\"" + dst
                + "\",\"dport\":5000,\"proto\":6,\"dir\":\"DOWNLINK\",\"ue\":\"" + ue + "\",\"ap\":\"" + ap
                + "\",\"bytes\":" + bytes + ",\"packets\":100,\"ack\":false}";
    }

    private static String stations(double ue0, double ue1) {
        return ",\"stations\":[{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":\"ue0\",\"occ\":" + ue0 + "},"
                + "{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":\"ue1\",\"occ\":" + ue1 + "}]";
    }

    private JsonNode answer(BridgeSession s, String line) throws IOException {
        return mapper.readTree(s.handle(line));
    }

    private static JsonNode wifiSignal(JsonNode decision) {
        for (JsonNode n : decision.get("signals")) {
            if (n.get("ap").asText().equals("wifi0")) {
                return n;
            }
        }
        throw new AssertionError("no signal for wifi0 in " + decision);
    }

    private static long wifiLimit(JsonNode decision) {
        for (JsonNode l : decision.get("limits")) {
            if (l.get("ap").asText().equals("wifi0")) {
                return l.get("bps").asLong();
            }
        }
        throw new AssertionError("no limit for wifi0 in " + decision);
    }

    @Test
    public void ratesComeFromByteCountersAndTheMpsdnDecreaseHalvesWhatTier2Used() throws IOException {
        BridgeSession s = new BridgeSession();
        assertEquals("ready", answer(s, String.format(CONFIG, ",\"profile\":\"mpsdn\"")).get("type").asText());
        // epoch 1 (0-2 s): 500 kB = 2 Mb/s; ue0's full Tier-2 queue is not congestion, ue1's 0.01 counts
        JsonNode d1 = answer(s, cycle(1, 2000, 500_000, 0.9, stations(1.0, 0.01)));
        assertEquals(2_000_000L, wifiSignal(d1).get("tier2RateBps").asLong());
        assertEquals(0.01, wifiSignal(d1).get("signal").asDouble(), 0.0);
        // Tier 1 served; the stations report no sent rate: Eq. 4's increase with the Tier-1 threshold 0.4 from
        // R_m: 100 kb/s * (1 + 0.5 * 0.39 / 0.01) = 2.05 Mb/s
        assertEquals(2_050_000L, wifiLimit(d1));
        // epoch 2 (2-4 s): 1 MB more = 4 Mb/s; ue1 held back: half of what Tier 2 used, at most the limit in force
        JsonNode d2 = answer(s, cycle(2, 4000, 1_500_000, 0.3, stations(0.0, 0.9)));
        assertEquals(4_000_000L, wifiSignal(d2).get("tier2RateBps").asLong());
        assertEquals(1_025_000L, wifiLimit(d2)); // min(2.05, 4) / 2
        // epoch 3 (4-6 s): 0.25 MB more = 1 Mb/s, below the limit: half of it, 0.5 Mb/s (not half the limit)
        JsonNode d3 = answer(s, cycle(3, 6000, 1_750_000, 0.3, stations(0.0, 0.9)));
        assertEquals(1_000_000L, wifiSignal(d3).get("tier2RateBps").asLong());
        assertEquals(500_000L, wifiLimit(d3));
    }

    @Test
    public void commandLineOverridesWinAndPaperIgnoresStationsAndRates() throws IOException {
        BridgeSession s = new BridgeSession(Map.of("profile", "paper"));
        // the ready line names the profile in force (the command line's), so the scenario records what ran
        assertEquals("paper", answer(s, String.format(CONFIG, ",\"profile\":\"mpsdn\"")).get("profile").asText());
        JsonNode d = answer(s, cycle(1, 2000, 500_000, 0.9, stations(1.0, 0.1)));
        assertEquals(0.9, wifiSignal(d).get("signal").asDouble(), 0.0);
        assertEquals(100_000L, wifiLimit(d));
        // ue1's queue at 0.9 (mpsdn would decrease), MacOcc 0.3 below CTh: Eq. 4's increase from R_m,
        // 100 kb/s * (1 + 0.5 * 0.55 / 0.3) = 191.667 kb/s, rounded up
        JsonNode d2 = answer(s, cycle(2, 4000, 1_500_000, 0.3, stations(0.0, 0.9)));
        assertEquals(0.3, wifiSignal(d2).get("signal").asDouble(), 0.0);
        assertEquals(191_667L, wifiLimit(d2));
    }

    @Test
    public void theTier1ThresholdIsASetting() throws IOException {
        // ue1's Tier-1 queue at 0.05: under the default threshold 0.4 the limit grows (Eq. 4 from R_m:
        // 100 kb/s * (1 + 0.5 * 0.35 / 0.05) = 450 kb/s); at a threshold of 0.05 from the config line, or 0.03
        // from the command line (which wins over the config's 0.9), it is congestion: R_m
        BridgeSession byDefault = new BridgeSession();
        answer(byDefault, String.format(CONFIG, ",\"profile\":\"mpsdn\""));
        long grown = wifiLimit(answer(byDefault, cycle(1, 2000, 500_000, 0.9, stations(1.0, 0.05))));
        BridgeSession low = new BridgeSession();
        answer(low, String.format(CONFIG, ",\"profile\":\"mpsdn\",\"tier1Threshold\":0.05"));
        long cut = wifiLimit(answer(low, cycle(1, 2000, 500_000, 0.9, stations(1.0, 0.05))));
        BridgeSession cli = new BridgeSession(Map.of("tier1Threshold", "0.03"));
        answer(cli, String.format(CONFIG, ",\"profile\":\"mpsdn\",\"tier1Threshold\":0.9"));
        long cliCut = wifiLimit(answer(cli, cycle(1, 2000, 500_000, 0.9, stations(1.0, 0.05))));
        assertEquals(450_000L, grown);
        assertEquals(100_000L, cut);
        assertEquals(100_000L, cliCut);
        JsonNode e = answer(new BridgeSession(Map.of("tier1Threshold", "0")), String.format(CONFIG, ""));
        assertTrue(e.toString(), e.get("message").asText().contains("tier1Threshold"));
    }

    @Test
    public void withoutStationsTheMpsdnSignalIsMacOccAndBadSettingsAreNamed() throws IOException {
        BridgeSession s = new BridgeSession();
        assertEquals("mpsdn", answer(s, String.format(CONFIG, ",\"profile\":\"mpsdn\"")).get("profile").asText());
        assertEquals(0.9, wifiSignal(answer(s, cycle(1, 2000, 0, 0.9, ""))).get("signal").asDouble(), 0.0);
        JsonNode e = answer(new BridgeSession(), String.format(CONFIG, ",\"profile\":\"fast\""));
        assertTrue(e.toString(), e.get("message").asText().contains("profile must be paper or mpsdn"));
        // a station reading out of range is skipped and counted, its reason named; the cycle still runs
        e = answer(s, cycle(2, 4000, 0, 0.9, ",\"stations\":[{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"occ\":2}]"));
        assertEquals(e.toString(), "decision", e.get("type").asText());
        assertEquals(1, e.get("invalidStations").asInt());
        assertTrue(e.toString(), e.get("stationError").asText().contains("occupancy must be in [0, 1]"));
        assertEquals(0.9, wifiSignal(e).get("signal").asDouble(), 0.0); // no valid station: MacOcc
    }

    @Test
    public void malformedStationEntriesAreSkippedAndCountedTheOthersStillCount() throws IOException {
        BridgeSession s = new BridgeSession();
        answer(s, String.format(CONFIG, ",\"profile\":\"mpsdn\""));
        String bad = ",\"stations\":[{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":\"ue1\",\"occ\":0.3},"
                + "{\"ap\":\"wifi0\",\"dir\":\"SIDEWAYS\",\"ue\":\"ue1\",\"occ\":0.9},"
                + "{\"dir\":\"DOWNLINK\",\"ue\":\"ue1\",\"occ\":0.9},"
                + "{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":\"ue1\",\"occ\":\"full\"},"
                + "{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":7,\"occ\":0.9},"
                + "{\"ap\":\"wifi0\",\"dir\":\"DOWNLINK\",\"ue\":\" \",\"occ\":0.9},"
                + "42]";
        JsonNode d = answer(s, cycle(1, 2000, 500_000, 0.9, bad));
        assertEquals(d.toString(), "decision", d.get("type").asText());
        assertEquals(6, d.get("invalidStations").asInt());
        assertTrue(d.toString(), d.get("stationError").asText().startsWith("stations[1]: "));
        assertTrue(d.toString(), d.get("stationError").asText().contains("'dir'"));
        // the one good reading is the signal (not MacOcc 0.9, not a skipped 0.9)
        assertEquals(0.3, wifiSignal(d).get("signal").asDouble(), 0.0);
        // the session goes on; a well-formed cycle counts none and names no error
        JsonNode d2 = answer(s, cycle(2, 4000, 1_000_000, 0.9, stations(1.0, 0.2)));
        assertEquals(0, d2.get("invalidStations").asInt());
        assertTrue(d2.toString(), !d2.has("stationError"));
        // a stations field that is not an array is still an error of the request, naming the field
        JsonNode e = answer(s, cycle(3, 6000, 1_000_000, 0.9, ",\"stations\":{}"));
        assertTrue(e.toString(), e.get("message").asText().contains("'stations'"));
    }
}
