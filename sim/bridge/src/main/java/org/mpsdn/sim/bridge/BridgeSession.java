package org.mpsdn.sim.bridge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.core.CycleResult;
import org.mpsdn.core.Measurements;
import org.mpsdn.core.Profile;
import org.mpsdn.core.RegulationCenter;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.core.RegulationState;
import org.mpsdn.core.model.AccessPoint;
import org.mpsdn.core.model.ApDirection;
import org.mpsdn.core.model.Connection;
import org.mpsdn.core.model.Flow;
import org.mpsdn.core.model.FlowKey;
import org.mpsdn.core.model.NetworkSnapshot;
import org.mpsdn.core.model.SnapshotBuilder;
import org.mpsdn.core.model.UserEquipment;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One simulator session: the first line configures the Regulation Center, every further line
 * is one decision epoch ({@code cycle}) answered by a {@code decision}. The session keeps the
 * {@link RegulationState} between epochs. Nothing here decides anything: the decisions are
 * {@link RegulationCenter#cycle}'s.
 *
 * <p>Every request gets exactly one answer line; a bad request gets
 * {@code {"type":"error","message":...}} naming the field, and the session stays usable.</p>
 *
 * <p>Optional, for the regulation profiles (sim/README.md): the config may name {@code profile},
 * and {@code tier1Threshold} (the command line's
 * {@link #BridgeSession(Map) overrides} win); a cycle may carry station queues ({@code stations},
 * {@link StationReadings}: a malformed entry is skipped and counted, not an error). Each flow's rate
 * over the epoch comes from its byte counter ({@link FlowRates}).</p>
 */
public final class BridgeSession {
    /** Protocol version spoken. */
    public static final int VERSION = 1;
    /** The optional settings a config line or the command line may give. */
    public static final Set<String> SETTINGS = Set.of("profile", "tier1Threshold", "hysteresis");

    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<String, String> overrides;
    private RegulationCenter center;
    private RegulationState state = RegulationState.initial();
    private FlowRates rates = new FlowRates();
    private long cycles;

    /** A session that takes its parameters from the config line only. */
    public BridgeSession() {
        this(Map.of());
    }

    /**
     * A session whose profile settings the command line fixes, whatever the config line says.
     *
     * @param overrides any of {@code profile} (paper|mpsdn), {@code tier1Threshold} (the mpsdn profile's
     *                  threshold of its Tier-1 station signal)
     */
    public BridgeSession(Map<String, String> overrides) {
        this.overrides = Map.copyOf(overrides);
    }

    /** @return number of cycles run so far */
    public long cycles() {
        return cycles;
    }

    /**
     * Serves one request line.
     *
     * @param line one JSON object
     * @return the answer line (without newline)
     */
    public String handle(String line) {
        try {
            JsonNode j = mapper.readTree(line);
            if (j == null || !j.isObject()) {
                throw new BridgeException("request is not a JSON object");
            }
            String type = Json.text(j, "type", "request");
            if ("config".equals(type)) {
                return config(j);
            }
            if ("cycle".equals(type)) {
                return cycle(j);
            }
            throw new BridgeException("field 'type' has unknown value '" + type + "'");
        } catch (JsonProcessingException e) {
            return error("request is not JSON: " + e.getOriginalMessage());
        } catch (BridgeException | IllegalArgumentException e) {
            return error(e.getMessage());
        }
    }

    private String config(JsonNode j) {
        long v = Json.integer(j, "v", "config");
        if (v != VERSION) {
            throw new BridgeException("field 'v' of config is " + v + ", this bridge speaks " + VERSION);
        }
        RegulationParameters.Builder b = RegulationParameters.builder()
                .cth(Json.number(j, "cth", "config"))
                .alpha(Json.number(j, "alpha", "config"))
                .minRateBps(Json.integer(j, "minRateBps", "config"))
                .intervalMillis(Json.integer(j, "intervalMillis", "config"))
                .regulateUplink(Json.bool(j, "regulateUplink", "config"));
        String profile = setting(j, "profile");
        if (profile != null) {
            b.profile(Profile.of(profile));
        }
        String tier1 = setting(j, "tier1Threshold");
        if (tier1 != null) {
            b.tier1Threshold(Double.parseDouble(tier1));
        }
        String hysteresis = setting(j, "hysteresis");
        if (hysteresis != null) {
            b.hysteresis(Double.parseDouble(hysteresis));
        }
        RegulationParameters params = b.build();
        center = new RegulationCenter(params);
        state = RegulationState.initial();
        rates = new FlowRates();
        ObjectNode out = mapper.createObjectNode();
        out.put("type", "ready");
        out.put("v", VERSION);
        out.put("profile", params.profile().id()); // the profile in force: the peer records what ran
        return out.toString();
    }

    /** An optional setting: the command line's, else the config line's, else null. */
    private String setting(JsonNode config, String name) {
        if (overrides.containsKey(name)) {
            return overrides.get(name);
        }
        JsonNode v = config.get(name);
        return v == null || v.isNull() ? null : v.asText();
    }

    private String cycle(JsonNode j) {
        if (center == null) {
            throw new BridgeException("cycle before config");
        }
        long seq = Json.integer(j, "seq", "cycle");
        long timeMs = j.has("timeMs") ? Json.integer(j, "timeMs", "cycle") : -1; // absent: rates unknown
        FlowRates.Epoch epoch = rates.epoch(timeMs);
        SnapshotBuilder b = NetworkSnapshot.builder();
        for (JsonNode a : Json.array(j, "aps", "cycle")) {
            b.add(new AccessPoint(Json.text(a, "id", "aps[]"), Json.enumValue(a, "kind", "aps[]", ApKind.class),
                    Json.integer(a, "capacityBps", "aps[]")));
        }
        for (JsonNode u : Json.array(j, "ues", "cycle")) {
            b.add(new UserEquipment(Json.text(u, "id", "ues[]"), Json.bool(u, "multipath", "ues[]")));
        }
        for (JsonNode c : Json.array(j, "connections", "cycle")) {
            b.add(new Connection(Json.text(c, "ue", "connections[]"), Json.text(c, "ap", "connections[]"),
                    Json.number(c, "rssiDbm", "connections[]"), Json.integer(c, "phyRateBps", "connections[]")));
        }
        Map<FlowKey, Long> ids = new HashMap<>();
        for (JsonNode f : Json.array(j, "flows", "cycle")) {
            FlowKey key = FlowKey.of(Json.text(f, "src", "flows[]"), (int) Json.integer(f, "sport", "flows[]"),
                    Json.text(f, "dst", "flows[]"), (int) Json.integer(f, "dport", "flows[]"),
                    (int) Json.integer(f, "proto", "flows[]"));
            long id = Json.integer(f, "id", "flows[]");
            if (ids.put(key, id) != null) {
                throw new BridgeException("flows[] id " + id + ": duplicate 5-tuple " + key);
            }
            long bytes = Json.integer(f, "bytes", "flows[]");
            b.add(new Flow(key, Json.enumValue(f, "dir", "flows[]", Direction.class), Json.text(f, "ue", "flows[]"),
                    Json.text(f, "ap", "flows[]"), bytes, Json.integer(f, "packets", "flows[]"),
                    Json.bool(f, "ack", "flows[]"), epoch.rateBps(id, bytes)));
        }
        NetworkSnapshot snapshot = b.build();
        StationReadings stations = new StationReadings();
        CycleResult r = center.cycle(snapshot, measurements(j, stations), state);
        epoch.close(timeMs);
        state = r.nextState();
        cycles++;
        return decision(seq, snapshot, ids, r, stations);
    }

    /** The occupancies and, when the scenario sends them, the station queues (counted in {@code stations}). */
    private static Measurements measurements(JsonNode j, StationReadings stations) {
        Measurements.Builder m = Measurements.builder();
        for (JsonNode o : Json.array(j, "occupancy", "cycle")) {
            m.occupancy(new ApDirection(Json.text(o, "ap", "occupancy[]"),
                    Json.enumValue(o, "dir", "occupancy[]", Direction.class)), Json.number(o, "occ", "occupancy[]"));
        }
        stations.read(j, m);
        return m.build();
    }

    private String decision(long seq, NetworkSnapshot snapshot, Map<FlowKey, Long> ids, CycleResult r,
                            StationReadings stations) {
        ObjectNode out = mapper.createObjectNode();
        out.put("type", "decision");
        out.put("seq", seq);
        ArrayNode tiers = out.putArray("tiers");
        for (int i = 0; i < snapshot.flowCount(); i++) {
            ObjectNode t = tiers.addObject();
            t.put("id", ids.get(snapshot.flow(i).key()));
            t.put("tier", r.tier(i) == Tier.TIER2 ? 2 : 1);
        }
        ArrayNode limits = out.putArray("limits");
        r.tier2Limits().forEach((k, bps) -> {
            ObjectNode l = limits.addObject();
            l.put("ap", k.apId());
            l.put("dir", k.direction().name());
            l.put("bps", bps);
        });
        ArrayNode primaries = out.putArray("primaries");
        state.primaries().forEach((ue, ap) -> {
            ObjectNode p = primaries.addObject();
            p.put("ue", ue);
            p.put("ap", ap);
        });
        out.put("droppedFlows", snapshot.droppedFlows());
        out.put("droppedConnections", snapshot.droppedConnections());
        out.put("missingOccupancy", r.missingOccupancy());
        out.put("invalidOccupancy", r.invalidOccupancy());
        out.put("invalidStations", stations.invalid());
        if (stations.firstError() != null) {
            out.put("stationError", stations.firstError());
        }
        signals(out.putArray("signals"), snapshot, r);
        return out.toString();
    }

    /** What each regulated AP-direction's step read: the signal and the measured Tier-2 rate. */
    private static void signals(ArrayNode out, NetworkSnapshot snapshot, CycleResult r) {
        for (int ap = 0; ap < snapshot.apCount(); ap++) {
            for (Direction d : Direction.values()) {
                if (r.tier2LimitBps(ap, d) < 0) {
                    continue;
                }
                ObjectNode s = out.addObject();
                s.put("ap", snapshot.ap(ap).id());
                s.put("dir", d.name());
                double v = r.signal(ap, d);
                if (Double.isNaN(v)) {
                    s.putNull("signal");
                } else {
                    s.put("signal", v);
                }
                s.put("tier2RateBps", r.tier2RateBps(ap, d));
            }
        }
    }

    private String error(String message) {
        ObjectNode out = mapper.createObjectNode();
        out.put("type", "error");
        out.put("message", message);
        return out.toString();
    }
}
