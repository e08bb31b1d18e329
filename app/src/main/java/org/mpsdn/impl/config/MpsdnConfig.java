package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.InvalidFieldException;

import java.net.URI;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Network config of the app (subject: the app id, key {@value #KEY}).
 * <pre>
 * { "aps": [ { "id": "wifi1", "kind": "wifi", "deviceId": "of:0000000000000001",
 *              "apPort": 1, "uplinkPort": 2, "capacityKbps": 54000,
 *              "agent": "10.0.0.1:50051", "directions": ["downlink", "uplink"],
 *              "cth": 0.85, "alpha": 0.5, "rmKbps": 100 },
 *            { "id": "lte1", "kind": "lte", ..., "enbAgent": "10.0.0.9:50061" } ],
 *   "ues": [ { "id": "ue1", "interfaces": [ { "ip": "10.0.1.2", "mac": "02:00:00:00:01:02" } ] } ] }
 * </pre>
 * {@link #isValid()} rejects any bad field by throwing {@link InvalidFieldException} naming
 * the field (JSON path such as {@code aps[1].apPort}) and the reason; a config is used whole
 * or not at all. {@code enbAgent} (LTE APs only, optional) is the host:port of the eNB's
 * {@code mpsdn.enb.v1.EnbPolicy} service, to which eNB scheduling intents are pushed.
 */
public class MpsdnConfig extends Config<ApplicationId> {

    /** Config key under the app subject. */
    public static final String KEY = "mpsdn";

    static final String APS = "aps";
    static final String UES = "ues";
    static final String ID = "id";
    static final String KIND = "kind";
    static final String DEVICE_ID = "deviceId";
    static final String AP_PORT = "apPort";
    static final String UPLINK_PORT = "uplinkPort";
    static final String CAPACITY_KBPS = "capacityKbps";
    static final String AGENT = "agent";
    static final String DIRECTIONS = "directions";
    static final String CTH = "cth";
    static final String ALPHA = "alpha";
    static final String RM_KBPS = "rmKbps";
    static final String ENB_AGENT = "enbAgent";
    static final String INTERFACES = "interfaces";
    static final String IP = "ip";
    static final String MAC = "mac";

    /** Largest accepted AP capacity: 100 Gbit/s. */
    static final long MAX_CAPACITY_KBPS = 100_000_000L;
    /** Largest OpenFlow physical port number. */
    static final long MAX_PORT = 0xffffff00L;

    private static final Pattern ID_PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final Pattern HOST_PATTERN = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]{0,252})|\\[[0-9a-fA-F:.]+]");

    @Override
    public boolean isValid() {
        validate();
        return true;
    }

    /**
     * Validates the whole config.
     *
     * @throws InvalidFieldException naming the first invalid field and why
     */
    public void validate() {
        onlyFields(object, "", APS, UES);
        parseAps();
        parseUes();
    }

    /**
     * Returns the validated APs in config order.
     *
     * @return AP specs
     * @throws InvalidFieldException if the config is invalid
     */
    public List<ApSpec> aps() {
        validate();
        return parseAps();
    }

    /**
     * Returns the validated static UE registrations.
     *
     * @return UE specs
     * @throws InvalidFieldException if the config is invalid
     */
    public List<UeSpec> ues() {
        validate();
        return parseUes();
    }

    private List<ApSpec> parseAps() {
        JsonNode aps = object.get(APS);
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
        Set<String> allowed = Set.of(ID, KIND, DEVICE_ID, AP_PORT, UPLINK_PORT, CAPACITY_KBPS, AGENT, DIRECTIONS,
                CTH, ALPHA, RM_KBPS, ENB_AGENT);
        onlyFields(ap, path + ".", allowed.toArray(new String[0]));
        String id = idField(ap, ID, path);
        String kindText = text(ap, KIND, path);
        ApKind kind;
        switch (kindText) {
            case "wifi":
                kind = ApKind.WIFI;
                break;
            case "lte":
                kind = ApKind.LTE;
                break;
            default:
                throw new InvalidFieldException(path + "." + KIND, "must be wifi or lte, was " + kindText);
        }
        DeviceId deviceId = deviceId(ap, path);
        long apPort = integer(ap, AP_PORT, path, 1, MAX_PORT);
        long uplinkPort = integer(ap, UPLINK_PORT, path, 1, MAX_PORT);
        if (apPort == uplinkPort) {
            throw new InvalidFieldException(path + "." + UPLINK_PORT, "must differ from apPort (" + apPort + ")");
        }
        long capacity = integer(ap, CAPACITY_KBPS, path, 1, MAX_CAPACITY_KBPS);
        String agent = endpoint(ap, AGENT, path);
        if (ap.has(ENB_AGENT)) {
            endpoint(ap, ENB_AGENT, path);
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
                capacity, agent, dirs, cth, alpha, rm);
    }

    /**
     * Returns the eNB policy endpoints ({@code enbAgent}, host:port) of the LTE APs that have one.
     *
     * @return AP id to host:port, in config order
     * @throws InvalidFieldException if the config is invalid
     */
    public Map<String, String> enbAgents() {
        validate();
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode aps = object.get(APS);
        for (JsonNode ap : aps) {
            JsonNode e = ap.get(ENB_AGENT);
            if (e != null) {
                out.put(ap.get(ID).asText(), e.asText());
            }
        }
        return out;
    }

    private List<UeSpec> parseUes() {
        JsonNode ues = object.get(UES);
        if (ues == null || ues.isNull()) {
            return List.of();
        }
        if (!ues.isArray()) {
            throw new InvalidFieldException(UES, "must be an array");
        }
        List<UeSpec> result = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Map<IpAddress, String> owners = new HashMap<>();
        for (int i = 0; i < ues.size(); i++) {
            String path = UES + "[" + i + "]";
            JsonNode node = ues.get(i);
            if (!node.isObject()) {
                throw new InvalidFieldException(path, "must be an object");
            }
            ObjectNode ue = (ObjectNode) node;
            onlyFields(ue, path + ".", ID, INTERFACES);
            String id = idField(ue, ID, path);
            if (!ids.add(id)) {
                throw new InvalidFieldException(path + "." + ID, "duplicate UE id " + id);
            }
            JsonNode ifaces = ue.get(INTERFACES);
            if (ifaces == null || !ifaces.isArray() || ifaces.size() == 0) {
                throw new InvalidFieldException(path + "." + INTERFACES, "must be a non-empty array");
            }
            Map<IpAddress, Optional<MacAddress>> map = new LinkedHashMap<>();
            for (int j = 0; j < ifaces.size(); j++) {
                String ipath = path + "." + INTERFACES + "[" + j + "]";
                JsonNode in = ifaces.get(j);
                if (!in.isObject()) {
                    throw new InvalidFieldException(ipath, "must be an object");
                }
                ObjectNode iface = (ObjectNode) in;
                onlyFields(iface, ipath + ".", IP, MAC);
                IpAddress ip = ipAddress(iface, ipath);
                String owner = owners.putIfAbsent(ip, id);
                if (owner != null) {
                    throw new InvalidFieldException(ipath + "." + IP, "address " + ip + " already belongs to UE "
                            + owner);
                }
                Optional<MacAddress> mac = Optional.empty();
                if (iface.has(MAC)) {
                    mac = Optional.of(macAddress(iface, ipath));
                }
                map.put(ip, mac);
            }
            result.add(new UeSpec(id, map));
        }
        return result;
    }

    /**
     * {@link #hasOnlyFields(ObjectNode, String...)} with the JSON path of the offending field.
     */
    private void onlyFields(ObjectNode node, String prefix, String... allowed) {
        boolean ok;
        String field = null;
        try {
            ok = hasOnlyFields(node, allowed);
        } catch (InvalidFieldException e) {
            ok = false;
            field = e.field();
        }
        if (!ok) {
            if (field == null) {
                Set<String> set = Set.of(allowed);
                Iterator<String> it = node.fieldNames();
                while (it.hasNext() && field == null) {
                    String f = it.next();
                    field = set.contains(f) ? null : f;
                }
            }
            throw new InvalidFieldException(prefix + field, "unknown field (allowed: "
                    + String.join(", ", allowed) + ")");
        }
    }

    private static String text(ObjectNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new InvalidFieldException(path + "." + field, "is mandatory");
        }
        if (!v.isTextual()) {
            throw new InvalidFieldException(path + "." + field, "must be a string");
        }
        return v.asText();
    }

    private static String idField(ObjectNode node, String field, String path) {
        String id = text(node, field, path);
        if (!ID_PATTERN.matcher(id).matches()) {
            throw new InvalidFieldException(path + "." + field,
                    "must be 1-64 characters of letters, digits, '.', '_' or '-', was '" + id + "'");
        }
        return id;
    }

    private static long integer(ObjectNode node, String field, String path, long min, long max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new InvalidFieldException(path + "." + field, "is mandatory");
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new InvalidFieldException(path + "." + field, "must be an integer");
        }
        long l = v.asLong();
        if (l < min || l > max) {
            throw new InvalidFieldException(path + "." + field, "must be in [" + min + ", " + max + "], was " + l);
        }
        return l;
    }

    private static OptionalDouble optionalDecimal(ObjectNode node, String field, String path,
                                                  double min, boolean minInclusive, double max,
                                                  boolean maxInclusive) {
        JsonNode v = node.get(field);
        if (v == null) {
            return OptionalDouble.empty();
        }
        if (!v.isNumber()) {
            throw new InvalidFieldException(path + "." + field, "must be a number");
        }
        double d = v.asDouble();
        boolean lowOk = minInclusive ? d >= min : d > min;
        boolean highOk = maxInclusive ? d <= max : d < max;
        if (!lowOk || !highOk || Double.isNaN(d)) {
            throw new InvalidFieldException(path + "." + field, "must be in " + (minInclusive ? "[" : "(") + min
                    + ", " + max + (maxInclusive ? "]" : ")") + ", was " + d);
        }
        return OptionalDouble.of(d);
    }

    private static DeviceId deviceId(ObjectNode node, String path) {
        String s = text(node, DEVICE_ID, path);
        try {
            URI uri = URI.create(s);
            if (uri.getScheme() == null || uri.getSchemeSpecificPart() == null
                    || uri.getSchemeSpecificPart().isEmpty()) {
                throw new InvalidFieldException(path + "." + DEVICE_ID,
                        "must be a device URI such as of:0000000000000001, was '" + s + "'");
            }
            return DeviceId.deviceId(uri);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(path + "." + DEVICE_ID, "is not a valid device URI: '" + s + "'");
        }
    }

    private static String endpoint(ObjectNode node, String name, String path) {
        String s = text(node, name, path);
        String field = path + "." + name;
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new InvalidFieldException(field, "must be host:port, was '" + s + "'");
        }
        String host = s.substring(0, colon);
        String port = s.substring(colon + 1);
        if (!HOST_PATTERN.matcher(host).matches()) {
            throw new InvalidFieldException(field, "has an invalid host '" + host + "'");
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new InvalidFieldException(field, "has a non-numeric port '" + port + "'");
        }
        if (p < 1 || p > 65535) {
            throw new InvalidFieldException(field, "port must be in [1, 65535], was " + p);
        }
        return s;
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

    private static IpAddress ipAddress(ObjectNode node, String path) {
        String s = text(node, IP, path);
        try {
            return IpAddress.valueOf(s);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(path + "." + IP, "is not an IP address: '" + s + "'");
        }
    }

    private static MacAddress macAddress(ObjectNode node, String path) {
        String s = text(node, MAC, path);
        try {
            return MacAddress.valueOf(s);
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(path + "." + MAC, "is not a MAC address: '" + s + "'");
        }
    }
}
