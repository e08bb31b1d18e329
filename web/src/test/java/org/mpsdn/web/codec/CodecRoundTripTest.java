package org.mpsdn.web.codec;

import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.detection.StationFeedStats;
import org.mpsdn.api.northbound.codec.ApInfoCodec;
import org.mpsdn.api.northbound.codec.DetectionStatsCodec;
import org.mpsdn.api.northbound.codec.ApOverrideCodec;
import org.mpsdn.api.northbound.codec.EnbSplitCodec;
import org.mpsdn.api.northbound.codec.ManagedFlowCodec;
import org.mpsdn.api.northbound.codec.MpsdnIntentCodec;
import org.mpsdn.api.northbound.codec.UeInfoCodec;
import org.mpsdn.api.northbound.codec.UeRegistrationCodec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.northbound.UeSource;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.regulation.ManagedFlow;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Every codec decodes what it encodes (through JSON text), and decoders name bad fields.
 */
public class CodecRoundTripTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

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

    private static <T> T roundTrip(JsonCodec<T> codec, T value) {
        try {
            String text = MAPPER.writeValueAsString(codec.encode(value, CONTEXT));
            return codec.decode((ObjectNode) MAPPER.readTree(text), CONTEXT);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static <T> void rejects(JsonCodec<T> codec, String json, String prefix) {
        try {
            codec.decode((ObjectNode) MAPPER.readTree(json), CONTEXT);
            fail("accepted " + json);
        } catch (IllegalArgumentException e) {
            assertTrue("'" + e.getMessage() + "' should start with '" + prefix + "'",
                    e.getMessage().startsWith(prefix));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void apInfo() {
        ApInfo ap = new ApInfo("wifi1", ApKind.WIFI, "of:0000000000000001", 54000,
                Set.of(Direction.DOWNLINK, Direction.UPLINK),
                new ApOverride(OptionalDouble.of(0.9), OptionalDouble.empty(), OptionalLong.of(200)),
                Map.of(Direction.DOWNLINK, 0.91), Map.of(Direction.UPLINK, 250L), Map.of(Tier.TIER2, 3),
                new AgentHealth("10.0.0.1:50051", AgentHealth.Status.STALE, 2, 1234));
        assertEquals(ap, roundTrip(new ApInfoCodec(), ap));
        ApInfo lte = new ApInfo("lte1", ApKind.LTE, "of:2", 1, Set.of(), ApOverride.none(), Map.of(), Map.of(),
                Map.of(), new AgentHealth("h:1", AgentHealth.Status.UNKNOWN, 0, -1));
        assertEquals(lte, roundTrip(new ApInfoCodec(), lte));
        ApInfo decided = new ApInfo("wifi1", ApKind.WIFI, "of:1", 54000, Set.of(Direction.DOWNLINK, Direction.UPLINK),
                ApOverride.none(), Map.of(), Map.of(), Map.of(), new AgentHealth("h:1", AgentHealth.Status.OK, 0, 1),
                Map.of(Direction.DOWNLINK, new org.mpsdn.api.regulation.LimitDecision(
                                org.mpsdn.api.model.SignalSource.MAC_OCC, 0.9, 0.85, 1500, 54000,
                                org.mpsdn.api.model.LimitReason.DECREASE, "halved", 77),
                        Direction.UPLINK, org.mpsdn.api.regulation.LimitDecision.failOpen("silent", 78)));
        assertEquals(decided, roundTrip(new ApInfoCodec(), decided));
    }

    @Test
    public void ueInfo() {
        UeInfo ue = new UeInfo("ue1", true, "lte1", List.of(
                new UeConnection("lte1", "10.0.2.2", "02:00:00:00:02:02", -90.5, 10_000_000, 5_000_000, true,
                        Tier.TIER1),
                new UeConnection("wifi1", "", "02:00:00:00:01:02", -48, 54_000_000, 24_000_000, false, null)));
        assertEquals(ue, roundTrip(new UeInfoCodec(), ue));
        UeInfo lone = new UeInfo("ip:10.0.9.9", false, null, List.of());
        assertEquals(lone, roundTrip(new UeInfoCodec(), lone));
        assertEquals(UeSource.STATION, roundTrip(new UeInfoCodec(), lone).source());
        for (UeSource source : UeSource.values()) {
            UeInfo u = new UeInfo("auto-1", source, "wifi1", List.of());
            assertEquals(u, roundTrip(new UeInfoCodec(), u));
        }
        rejects(new UeInfoCodec(), "{\"id\": \"auto-1\", \"registered\": true, \"source\": \"DETECTED\", "
                + "\"multipath\": false, \"connections\": []}", "source: DETECTED contradicts registered");
        rejects(new UeInfoCodec(), "{\"id\": \"a\", \"registered\": false, \"source\": \"GUESSED\", "
                + "\"multipath\": false, \"connections\": []}", "source: must be one of");
    }

    @Test
    public void detectionStats() {
        DetectionStats d = new DetectionStats(Map.of("joins_resolved", 4L, "packets", 120L),
                Map.of("decoded", 118L, "bad_dss", 2L), 2,
                List.of(new StationFeedStats("lte", 45, 3, 3, 1, "malformed IP 'x' (MAC '')")),
                List.of(new DetectedUser("auto-1", false, List.of("10.0.1.2", "10.0.2.2"), List.of(),
                        Map.of("lte", List.of("10.0.2.2"), "wifi", List.of("10.0.1.2")), true)),
                List.of(new DetectionConflict("CONNECTION_SPANS_REGISTRATIONS", "connection 3", "kept apart")));
        assertEquals(d, roundTrip(new DetectionStatsCodec(), d));
        DetectionStats empty = new DetectionStats(Map.of(), Map.of(), 0, List.of(), List.of(), List.of());
        assertEquals(empty, roundTrip(new DetectionStatsCodec(), empty));
        rejects(new DetectionStatsCodec(), "{\"events\": {}, \"frames\": {}, \"malformedFrames\": 0, "
                + "\"stationFeeds\": {}, \"users\": [], \"conflicts\": []}", "stationFeeds: must be an array");
        rejects(new DetectionStatsCodec(), "{\"events\": {\"packets\": \"many\"}, \"frames\": {}, "
                + "\"malformedFrames\": 0, \"stationFeeds\": [], \"users\": [], \"conflicts\": []}",
                "packets: must be an integer");
    }

    @Test
    public void managedFlow() {
        ManagedFlow f = new ManagedFlow("wifi1", "ue1", "tcp 1.2.3.4:5-6.7.8.9:10", Direction.UPLINK, Tier.TIER2,
                123456789L, 8.5e6);
        ManagedFlow back = roundTrip(new ManagedFlowCodec(), f);
        assertEquals(f.toString(), back.toString());
        assertEquals(f.bytes(), back.bytes());
        assertEquals(f.rateBps(), back.rateBps(), 0.0);
        rejects(new ManagedFlowCodec(), "{\"apId\": \"a\", \"ueId\": \"u\", \"fiveTuple\": \"t\", \"direction\": "
                + "\"SIDEWAYS\", \"tier\": \"TIER1\", \"bytes\": 1, \"rateBps\": 1}", "direction: must be one of");
    }

    @Test
    public void intents() {
        MpsdnIntent pin = MpsdnIntent.builder().id("p").kind(IntentKind.MULTIPATH_POLICY).target("ue1")
                .mode(MultipathMode.PIN_PRIMARY).apId("lte1").state(IntentState.FAILED)
                .reason("UNAVAILABLE: agent down").version(4).updatedMillis(77).build();
        assertEquals(pin, roundTrip(new MpsdnIntentCodec(), pin));
        MpsdnIntent enb = MpsdnIntent.builder().id("e").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                .interCluster(EnbDiscipline.PFS).intraCluster(EnbDiscipline.MAX_CI)
                .clusterOverride("user:ue1", EnbDiscipline.ROUND_ROBIN).state(IntentState.INSTALLED).build();
        assertEquals(enb, roundTrip(new MpsdnIntentCodec(), enb));
        MpsdnIntent w = MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.MANUAL).weight("wifi", 3).weight("lte", 1).build();
        assertEquals(w, roundTrip(new MpsdnIntentCodec(), w));
        rejects(new MpsdnIntentCodec(), "{\"kind\": \"CLIENT_WEIGHTS\", \"target\": \"ue1\", \"weightMode\": "
                + "\"AUTOMATIC\", \"version\": 0}", "version: must be >= 1");
        rejects(new MpsdnIntentCodec(), "{\"kind\": \"CLIENT_WEIGHTS\", \"target\": \"ue1\", \"weightMode\": "
                + "\"AUTOMATIC\", \"state\": \"DONE\"}", "state: must be one of");
        rejects(new MpsdnIntentCodec(), "{\"kind\": \"CLIENT_WEIGHTS\", \"target\": null, \"weightMode\": "
                + "\"AUTOMATIC\"}", "target: is mandatory");
    }

    @Test
    public void splits() {
        EnbSplit fixed = EnbSplit.builder().targetUe("ue1").secondPathUe("ue2").dstIp("10.77.0.10").lteShare(0.2)
                .rttMs(20).windowPackets(10).build();
        assertEquals(fixed, roundTrip(new EnbSplitCodec(), fixed));
        EnbSplit shared = EnbSplit.builder().targetUe("ue1").secondPathUe("ue2").dstIp("2001:db8::1")
                .dstPort(443).mode(SplitMode.SHARED_BUFFER).lteShare(0.8).rttMs(37.5).windowPackets(64.5)
                .alpha(0.1).beta(0.3).epochMs(2500).build();
        assertEquals(shared, roundTrip(new EnbSplitCodec(), shared));
        MpsdnIntent enb = MpsdnIntent.builder().id("e").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                .interCluster(EnbDiscipline.PFS).split(shared).build();
        MpsdnIntent back = roundTrip(new MpsdnIntentCodec(), enb);
        assertEquals(enb, back);
        assertEquals(shared, back.split());
        rejects(new EnbSplitCodec(), "{\"targetUe\": \"ue1\", \"secondPathUe\": null, \"dstIp\": \"10.0.0.1\"}",
                "split.secondPathUe: is mandatory");
        rejects(new EnbSplitCodec(), "{\"targetUe\": 7}", "split.targetUe: must be a string");
        rejects(new EnbSplitCodec(), "{\"targetUe\": \"ue1\", \"secondPathUe\": \"ue2\", \"dstIp\": "
                + "\"10.0.0.1\", \"lteShare\": 0.5, \"rttMs\": 10, \"windowPackets\": true}",
                "split.windowPackets: must be a number");
        rejects(new EnbSplitCodec(), "{\"targetUe\": \"ue1\", \"dstPort\": 4294967296}",
                "split.dstPort: must be an integer");
        rejects(new EnbSplitCodec(), "{\"targetUe\": \"ue1\", \"dstPort\": 80.5}",
                "split.dstPort: must be an integer");
        rejects(new EnbSplitCodec(), "{\"targetUe\": \"ue1\", \"beta\": \"half\"}",
                "split.beta: must be a number");
    }

    @Test
    public void registrationAndOverride() {
        UeRegistration r = new UeRegistration("ue1", List.of(new UeRegistration.Interface("10.0.1.2", null),
                new UeRegistration.Interface("10.0.2.2", "02:00:00:00:02:02")));
        assertEquals(r, roundTrip(new UeRegistrationCodec(), r));
        ApOverride o = new ApOverride(OptionalDouble.empty(), OptionalDouble.of(0.25), OptionalLong.empty());
        assertEquals(o, roundTrip(new ApOverrideCodec(), o));
        assertEquals(ApOverride.none(), roundTrip(new ApOverrideCodec(), ApOverride.none()));
        assertEquals("null clears a field", ApOverride.none(),
                new ApOverrideCodec().decode((ObjectNode) readTree("{\"cth\": null}"), CONTEXT));
        rejects(new ApOverrideCodec(), "{\"cth\": 0}", "cth: must be in");
        rejects(new ApOverrideCodec(), "{\"rmKbps\": \"100\"}", "rmKbps: must be an integer");
    }

    private static com.fasterxml.jackson.databind.JsonNode readTree(String s) {
        try {
            return MAPPER.readTree(s);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
