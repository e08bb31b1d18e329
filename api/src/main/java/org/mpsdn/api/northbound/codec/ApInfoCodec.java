package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.regulation.LimitDecision;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * JSON codec of the AP view.
 * <pre>
 * {"id": "wifi1", "kind": "WIFI", "deviceId": "of:...", "capacityKbps": 54000,
 *  "directions": ["DOWNLINK", "UPLINK"], "override": {"cth": 0.9},
 *  "occupancy": {"downlink": 0.91, "uplink": 0.2}, "tier2LimitKbps": {"downlink": 3000},
 *  "decision": {"downlink": {"signal": "TIER1_STATIONS", "signalValue": 0.72, "threshold": 0.4,
 *               "targetKbps": 1500, "capKbps": 54000, "reason": "DECREASE", "note": "...", "decidedMillis": 1}},
 *  "flows": {"tier1": 2, "tier2": 1},
 *  "agent": {"endpoint": "10.0.0.1:50051", "status": "OK", "missedCycles": 0, "lastReportMillis": 1,
 *            "failsafe": false},
 *  "domain": "default", "owner": "10.0.0.11"}
 * </pre>
 * A direction missing from {@code tier2LimitKbps} is unlimited; missing from {@code occupancy}, unknown;
 * missing from {@code decision}, not decided yet ({@link LimitDecisionCodec}). {@code owner} is the node id of
 * the ONOS instance that owns (regulates) the AP's control domain, empty while none is elected.
 */
public final class ApInfoCodec extends JsonCodec<ApInfo> {
    static final String ID = "id";
    static final String KIND = "kind";
    static final String DEVICE_ID = "deviceId";
    static final String CAPACITY_KBPS = "capacityKbps";
    static final String DIRECTIONS = "directions";
    static final String OVERRIDE = "override";
    static final String OCCUPANCY = "occupancy";
    static final String LIMITS = "tier2LimitKbps";
    static final String FLOWS = "flows";
    static final String DECISION = "decision";
    static final String AGENT = "agent";
    static final String ENDPOINT = "endpoint";
    static final String STATUS = "status";
    static final String MISSED = "missedCycles";
    static final String LAST_REPORT = "lastReportMillis";
    static final String FAILSAFE = "failsafe";
    static final String DOMAIN = "domain";
    static final String OWNER = "owner";

    private static final ApOverrideCodec OVERRIDE_CODEC = new ApOverrideCodec();
    private static final LimitDecisionCodec DECISION_CODEC = new LimitDecisionCodec();

    @Override
    public ObjectNode encode(ApInfo ap, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ID, ap.id());
        n.put(KIND, ap.kind().name());
        n.put(DEVICE_ID, ap.deviceId());
        n.put(CAPACITY_KBPS, ap.capacityKbps());
        ArrayNode dirs = n.putArray(DIRECTIONS);
        for (Direction d : Direction.values()) {
            if (ap.directions().contains(d)) {
                dirs.add(d.name());
            }
        }
        n.set(OVERRIDE, OVERRIDE_CODEC.encode(ap.override(), context));
        ObjectNode occ = n.putObject(OCCUPANCY);
        ObjectNode lim = n.putObject(LIMITS);
        ObjectNode dec = n.putObject(DECISION);
        for (Direction d : Direction.values()) {
            ap.occupancy(d).ifPresent(v -> occ.put(JsonFields.key(d), v));
            ap.tier2LimitKbps(d).ifPresent(v -> lim.put(JsonFields.key(d), v));
            ap.decision(d).ifPresent(v -> dec.set(JsonFields.key(d), DECISION_CODEC.encode(v, context)));
        }
        ObjectNode flows = n.putObject(FLOWS);
        for (Tier t : Tier.values()) {
            flows.put(JsonFields.key(t), ap.flowCount(t));
        }
        ObjectNode agent = n.putObject(AGENT);
        agent.put(ENDPOINT, ap.agent().endpoint());
        agent.put(STATUS, ap.agent().status().name());
        agent.put(MISSED, ap.agent().missedCycles());
        agent.put(LAST_REPORT, ap.agent().lastReportMillis());
        agent.put(FAILSAFE, ap.agent().failsafe());
        n.put(DOMAIN, ap.domain());
        n.put(OWNER, ap.owner());
        return n;
    }

    @Override
    public ApInfo decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "ap");
        Set<Direction> dirs = EnumSet.noneOf(Direction.class);
        JsonNode da = n.get(DIRECTIONS);
        if (da == null || !da.isArray()) {
            throw new IllegalArgumentException(DIRECTIONS + ": must be an array");
        }
        da.forEach(d -> dirs.add(JsonFields.enumValue(DIRECTIONS, d.asText(), Direction.class)));
        ApOverride override = OVERRIDE_CODEC.decode(JsonFields.object(n.get(OVERRIDE), OVERRIDE), context);
        Map<Direction, Double> occ = new EnumMap<>(Direction.class);
        Map<Direction, Long> lim = new EnumMap<>(Direction.class);
        Map<Direction, LimitDecision> decisions = new EnumMap<>(Direction.class);
        ObjectNode dec = n.get(DECISION) == null ? null : JsonFields.object(n.get(DECISION), DECISION);
        ObjectNode o = JsonFields.object(n.get(OCCUPANCY), OCCUPANCY);
        ObjectNode l = JsonFields.object(n.get(LIMITS), LIMITS);
        for (Direction d : Direction.values()) {
            JsonFields.optNumber(o, JsonFields.key(d)).ifPresent(v -> occ.put(d, v));
            JsonFields.optInteger(l, JsonFields.key(d)).ifPresent(v -> lim.put(d, v));
            if (dec != null && dec.get(JsonFields.key(d)) != null) {
                decisions.put(d, DECISION_CODEC.decode(JsonFields.object(dec.get(JsonFields.key(d)),
                        DECISION + "." + JsonFields.key(d)), context));
            }
        }
        Map<Tier, Integer> counts = new EnumMap<>(Tier.class);
        ObjectNode f = JsonFields.object(n.get(FLOWS), FLOWS);
        for (Tier t : Tier.values()) {
            counts.put(t, (int) JsonFields.integer(f, JsonFields.key(t)));
        }
        ObjectNode a = JsonFields.object(n.get(AGENT), AGENT);
        AgentHealth health = new AgentHealth(JsonFields.text(a, ENDPOINT),
                JsonFields.enumValue(STATUS, JsonFields.text(a, STATUS), AgentHealth.Status.class),
                (int) JsonFields.integer(a, MISSED), JsonFields.integer(a, LAST_REPORT));
        ApInfo ap = new ApInfo(JsonFields.text(n, ID),
                JsonFields.enumValue(KIND, JsonFields.text(n, KIND), ApKind.class),
                JsonFields.text(n, DEVICE_ID), JsonFields.integer(n, CAPACITY_KBPS), dirs, override, occ, lim,
                counts, health, decisions);
        return n.has(DOMAIN) ? ap.inDomain(JsonFields.text(n, DOMAIN), n.has(OWNER) ? JsonFields.text(n, OWNER) : "")
                : ap;
    }
}
