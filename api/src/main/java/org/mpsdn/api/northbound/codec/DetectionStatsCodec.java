package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionConflict;
import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.detection.StationFeedStats;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON codec of the detection state.
 * <pre>
 * {"events": {"joins_resolved": 4, "mptcp_connections": 4, ...},
 *  "frames": {"decoded": 120, "bad_mp_join": 0, ...}, "malformedFrames": 0,
 *  "stationFeeds": [{"apId": "lte", "lists": 45, "stations": 3, "stationsWithoutMac": 3,
 *                    "entriesRejected": 0, "lastRejection": ""}],
 *  "users": [{"id": "auto-1", "registered": false, "multipath": true,
 *             "addresses": ["10.0.1.2", "10.0.2.2"], "macs": [],
 *             "aps": {"lte": ["10.0.2.2"], "wifi": ["10.0.1.2"]}}],
 *  "conflicts": [{"kind": "CONNECTION_SPANS_REGISTRATIONS", "subject": "connection 3", "detail": "..."}]}
 * </pre>
 */
public final class DetectionStatsCodec extends JsonCodec<DetectionStats> {
    static final String EVENTS = "events";
    static final String FRAMES = "frames";
    static final String MALFORMED = "malformedFrames";
    static final String FEEDS = "stationFeeds";
    static final String USERS = "users";
    static final String CONFLICTS = "conflicts";
    static final String AP_ID = "apId";
    static final String LISTS = "lists";
    static final String STATIONS = "stations";
    static final String WITHOUT_MAC = "stationsWithoutMac";
    static final String REJECTED = "entriesRejected";
    static final String LAST_REJECTION = "lastRejection";
    static final String ID = "id";
    static final String REGISTERED = "registered";
    static final String MULTIPATH = "multipath";
    static final String ADDRESSES = "addresses";
    static final String MACS = "macs";
    static final String APS = "aps";
    static final String KIND = "kind";
    static final String SUBJECT = "subject";
    static final String DETAIL = "detail";

    @Override
    public ObjectNode encode(DetectionStats d, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        d.events().forEach(n.putObject(EVENTS)::put);
        d.frames().forEach(n.putObject(FRAMES)::put);
        n.put(MALFORMED, d.malformedFrames());
        ArrayNode feeds = n.putArray(FEEDS);
        for (StationFeedStats f : d.stationFeeds()) {
            feeds.addObject().put(AP_ID, f.apId()).put(LISTS, f.lists()).put(STATIONS, f.stations())
                    .put(WITHOUT_MAC, f.stationsWithoutMac()).put(REJECTED, f.entriesRejected())
                    .put(LAST_REJECTION, f.lastRejection());
        }
        ArrayNode users = n.putArray(USERS);
        for (DetectedUser u : d.users()) {
            ObjectNode o = users.addObject().put(ID, u.id()).put(REGISTERED, u.registered())
                    .put(MULTIPATH, u.multipath());
            u.addresses().forEach(o.putArray(ADDRESSES)::add);
            u.macs().forEach(o.putArray(MACS)::add);
            ObjectNode aps = o.putObject(APS);
            u.aps().forEach((ap, addrs) -> addrs.forEach(aps.putArray(ap)::add));
        }
        ArrayNode conflicts = n.putArray(CONFLICTS);
        for (DetectionConflict c : d.conflicts()) {
            conflicts.addObject().put(KIND, c.kind()).put(SUBJECT, c.subject()).put(DETAIL, c.detail());
        }
        return n;
    }

    @Override
    public DetectionStats decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "detection");
        List<StationFeedStats> feeds = new ArrayList<>();
        for (JsonNode e : array(n, FEEDS)) {
            ObjectNode o = JsonFields.object(e, FEEDS + "[]");
            feeds.add(new StationFeedStats(JsonFields.text(o, AP_ID), JsonFields.integer(o, LISTS),
                    (int) JsonFields.integer(o, STATIONS), (int) JsonFields.integer(o, WITHOUT_MAC),
                    JsonFields.integer(o, REJECTED), JsonFields.text(o, LAST_REJECTION)));
        }
        List<DetectedUser> users = new ArrayList<>();
        for (JsonNode e : array(n, USERS)) {
            ObjectNode o = JsonFields.object(e, USERS + "[]");
            Map<String, List<String>> aps = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = JsonFields.object(o.get(APS), USERS + "[]." + APS).fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> ap = it.next();
                aps.put(ap.getKey(), texts(ap.getValue(), APS + "." + ap.getKey()));
            }
            users.add(new DetectedUser(JsonFields.text(o, ID), JsonFields.bool(o, REGISTERED),
                    texts(o.get(ADDRESSES), ADDRESSES), texts(o.get(MACS), MACS), aps, JsonFields.bool(o, MULTIPATH)));
        }
        List<DetectionConflict> conflicts = new ArrayList<>();
        for (JsonNode e : array(n, CONFLICTS)) {
            ObjectNode o = JsonFields.object(e, CONFLICTS + "[]");
            conflicts.add(new DetectionConflict(JsonFields.text(o, KIND), JsonFields.text(o, SUBJECT),
                    JsonFields.text(o, DETAIL)));
        }
        return new DetectionStats(counts(n, EVENTS), counts(n, FRAMES), JsonFields.integer(n, MALFORMED), feeds,
                users, conflicts);
    }

    private static JsonNode array(ObjectNode n, String field) {
        JsonNode a = n.get(field);
        if (a == null || !a.isArray()) {
            throw new IllegalArgumentException(field + ": must be an array");
        }
        return a;
    }

    private static List<String> texts(JsonNode a, String field) {
        if (a == null || !a.isArray()) {
            throw new IllegalArgumentException(field + ": must be an array");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode e : a) {
            if (!e.isTextual()) {
                throw new IllegalArgumentException(field + ": must hold strings");
            }
            out.add(e.asText());
        }
        return out;
    }

    private static Map<String, Long> counts(ObjectNode n, String field) {
        ObjectNode o = JsonFields.object(n.get(field), field);
        Map<String, Long> out = new LinkedHashMap<>();
        Iterator<String> it = o.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            out.put(k, JsonFields.integer(o, k));
        }
        return out;
    }
}
