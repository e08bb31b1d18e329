package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.impl.util.HostPort;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.InvalidFieldException;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static org.mpsdn.impl.config.JsonFields.deviceId;
import static org.mpsdn.impl.config.JsonFields.endpoint;
import static org.mpsdn.impl.config.JsonFields.integer;
import static org.mpsdn.impl.config.JsonFields.optionalDecimal;
import static org.mpsdn.impl.config.JsonFields.text;
import static org.mpsdn.impl.config.MpsdnConfig.AGENT;
import static org.mpsdn.impl.config.MpsdnConfig.ALPHA;
import static org.mpsdn.impl.config.MpsdnConfig.AP_PORT;
import static org.mpsdn.impl.config.MpsdnConfig.APS;
import static org.mpsdn.impl.config.MpsdnConfig.CAPACITY_KBPS;
import static org.mpsdn.impl.config.MpsdnConfig.CTH;
import static org.mpsdn.impl.config.MpsdnConfig.DEVICE_ID;
import static org.mpsdn.impl.config.MpsdnConfig.DIRECTIONS;
import static org.mpsdn.impl.config.MpsdnConfig.DOMAIN;
import static org.mpsdn.impl.config.MpsdnConfig.ENB_AGENT;
import static org.mpsdn.impl.config.MpsdnConfig.ID;
import static org.mpsdn.impl.config.MpsdnConfig.KIND;
import static org.mpsdn.impl.config.MpsdnConfig.MAX_CAPACITY_KBPS;
import static org.mpsdn.impl.config.MpsdnConfig.MAX_PORT;
import static org.mpsdn.impl.config.MpsdnConfig.RM_KBPS;
import static org.mpsdn.impl.config.MpsdnConfig.TIER1_THRESHOLD;
import static org.mpsdn.impl.config.MpsdnConfig.UPLINK_PORT;

/**
 * Parses the {@code aps} array of the network config: every AP valid, ids unique, one AP per
 * switch.
 */
final class ApParser {
    private static final String[] FIELDS = {ID, KIND, DEVICE_ID, AP_PORT, UPLINK_PORT, CAPACITY_KBPS, AGENT,
            DIRECTIONS, CTH, ALPHA, RM_KBPS, ENB_AGENT, TIER1_THRESHOLD, DOMAIN};

    private final MpsdnConfig config;

    /**
     * Creates the parser.
     *
     * @param config the config, whose {@link MpsdnConfig#onlyFields} checks unknown fields
     */
    ApParser(MpsdnConfig config) {
        this.config = config;
    }

    /**
     * Parses the APs.
     *
     * @param aps the {@code aps} node, may be null
     * @return the APs in config order
     * @throws InvalidFieldException naming the first invalid field and why
     */
    List<ApSpec> parse(JsonNode aps) {
        if (aps == null || aps.isNull()) {
            throw new InvalidFieldException(APS, "is mandatory");
        }
        if (!aps.isArray()) {
            throw new InvalidFieldException(APS, "must be an array");
        }
        if (aps.size() == 0) {
            throw new InvalidFieldException(APS, "must list at least one AP");
        }
        List<ApSpec> result = new ArrayList<>();
        Map<String, String> ids = new HashMap<>();
        Map<DeviceId, String> devices = new HashMap<>();
        for (int i = 0; i < aps.size(); i++) {
            String path = APS + "[" + i + "]";
            ApSpec ap = parseAp(aps.get(i), path);
            if (ids.putIfAbsent(ap.id(), path) != null) {
                throw new InvalidFieldException(path + "." + ID, "duplicate AP id " + ap.id()
                        + " (also " + ids.get(ap.id()) + ")");
            }
            String other = devices.putIfAbsent(ap.deviceId(), ap.id());
            if (other != null) {
                throw new InvalidFieldException(path + "." + DEVICE_ID, "switch " + ap.deviceId()
                        + " already fronts AP " + other + " (one AP per switch)");
            }
            result.add(ap);
        }
        return result;
    }

    private ApSpec parseAp(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new InvalidFieldException(path, "must be an object");
        }
        ObjectNode ap = (ObjectNode) node;
        config.onlyFields(ap, path + ".", FIELDS);
        String id = JsonFields.id(ap, ID, path);
        ApKind kind = kind(ap, path);
        DeviceId deviceId = deviceId(ap, DEVICE_ID, path);
        long apPort = integer(ap, AP_PORT, path, 1, MAX_PORT);
        long uplinkPort = integer(ap, UPLINK_PORT, path, 1, MAX_PORT);
        if (apPort == uplinkPort) {
            throw new InvalidFieldException(path + "." + UPLINK_PORT, "must differ from apPort (" + apPort + ")");
        }
        long capacity = integer(ap, CAPACITY_KBPS, path, 1, MAX_CAPACITY_KBPS);
        HostPort agent = endpoint(ap, AGENT, path);
        Optional<HostPort> enbAgent = Optional.empty();
        if (ap.has(ENB_AGENT)) {
            enbAgent = Optional.of(endpoint(ap, ENB_AGENT, path));
            if (kind != ApKind.LTE) {
                throw new InvalidFieldException(path + "." + ENB_AGENT, "only allowed on an lte AP");
            }
        }
        Set<Direction> dirs = directions(ap, path);
        OptionalDouble cth = optionalDecimal(ap, CTH, path, 0.0, false, 1.0, true);
        OptionalDouble alpha = optionalDecimal(ap, ALPHA, path, 0.0, false, 1.0, false);
        OptionalLong rm = OptionalLong.empty();
        if (ap.has(RM_KBPS)) {
            rm = OptionalLong.of(integer(ap, RM_KBPS, path, 1, capacity));
        }
        return new ApSpec(id, kind, deviceId, PortNumber.portNumber(apPort), PortNumber.portNumber(uplinkPort),
                capacity, agent, enbAgent, dirs, cth, alpha, rm)
                .withTier1Threshold(optionalDecimal(ap, TIER1_THRESHOLD, path, 0.0, false, 1.0, true))
                .inDomain(ap.has(DOMAIN) ? JsonFields.id(ap, DOMAIN, path) : ApSpec.DEFAULT_DOMAIN);
    }

    private static ApKind kind(ObjectNode ap, String path) {
        String kindText = text(ap, KIND, path);
        switch (kindText) {
            case "wifi":
                return ApKind.WIFI;
            case "lte":
                return ApKind.LTE;
            default:
                throw new InvalidFieldException(path + "." + KIND, "must be wifi or lte, was " + kindText);
        }
    }

    private static Set<Direction> directions(ObjectNode node, String path) {
        String field = path + "." + DIRECTIONS;
        JsonNode v = node.get(DIRECTIONS);
        if (v == null) {
            return EnumSet.allOf(Direction.class);
        }
        if (!v.isArray() || v.size() == 0) {
            throw new InvalidFieldException(field, "must be a non-empty array of downlink|uplink");
        }
        Set<Direction> dirs = EnumSet.noneOf(Direction.class);
        for (JsonNode d : v) {
            if (!d.isTextual()) {
                throw new InvalidFieldException(field, "entries must be strings downlink|uplink");
            }
            Direction dir;
            switch (d.asText().toLowerCase(Locale.ROOT)) {
                case "downlink":
                    dir = Direction.DOWNLINK;
                    break;
                case "uplink":
                    dir = Direction.UPLINK;
                    break;
                default:
                    throw new InvalidFieldException(field, "unknown direction '" + d.asText()
                            + "' (downlink|uplink)");
            }
            if (!dirs.add(dir)) {
                throw new InvalidFieldException(field, "lists " + d.asText() + " twice");
            }
        }
        return dirs;
    }
}
