package org.mpsdn.impl.northbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.impl.config.MpsdnConfig;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.InvalidFieldException;

/**
 * Edits of the app's network config JSON for operator writes. Each edit works on a copy,
 * validates the result with {@link MpsdnConfig} and returns it; an invalid result is
 * rejected with an {@link IllegalArgumentException} naming the config field.
 */
public final class ConfigEdits {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ConfigEdits() {
    }

    /**
     * Sets (or clears) the overrides of one AP.
     *
     * @param appId    app id (config subject)
     * @param current  current config JSON, null if there is none
     * @param apId     AP id
     * @param override overrides; absent values are removed
     * @return new config JSON
     */
    public static ObjectNode setOverride(ApplicationId appId, JsonNode current, String apId, ApOverride override) {
        ObjectNode root = copy(current);
        ObjectNode ap = findById(root.path("aps"), apId);
        if (ap == null) {
            throw new IllegalArgumentException("apId: unknown AP '" + apId + "'");
        }
        if (override.cth().isPresent()) {
            ap.put("cth", override.cth().getAsDouble());
        } else {
            ap.remove("cth");
        }
        if (override.alpha().isPresent()) {
            ap.put("alpha", override.alpha().getAsDouble());
        } else {
            ap.remove("alpha");
        }
        if (override.rmKbps().isPresent()) {
            ap.put("rmKbps", override.rmKbps().getAsLong());
        } else {
            ap.remove("rmKbps");
        }
        return validated(appId, root);
    }

    /**
     * Registers or replaces a static UE.
     *
     * @param appId   app id
     * @param current current config JSON, null if there is none
     * @param reg     registration
     * @return new config JSON
     */
    public static ObjectNode registerUe(ApplicationId appId, JsonNode current, UeRegistration reg) {
        if (current == null) {
            throw new IllegalArgumentException("id: no mpsdn network config yet; configure the APs first");
        }
        ObjectNode root = copy(current);
        ArrayNode ues = root.has("ues") && root.get("ues").isArray() ? (ArrayNode) root.get("ues")
                : root.putArray("ues");
        ObjectNode ue = MAPPER.createObjectNode();
        ue.put("id", reg.id());
        ArrayNode ifaces = ue.putArray("interfaces");
        for (UeRegistration.Interface i : reg.interfaces()) {
            ObjectNode n = ifaces.addObject();
            n.put("ip", i.ip());
            if (i.mac() != null) {
                n.put("mac", i.mac());
            }
        }
        int index = indexOf(ues, reg.id());
        if (index >= 0) {
            ues.set(index, ue);
        } else {
            ues.add(ue);
        }
        return validated(appId, root);
    }

    /**
     * Removes a static UE.
     *
     * @param appId   app id
     * @param current current config JSON, null if there is none
     * @param ueId    UE id
     * @return new config JSON, or null when the UE was not registered
     */
    public static ObjectNode unregisterUe(ApplicationId appId, JsonNode current, String ueId) {
        if (current == null || !current.path("ues").isArray()) {
            return null;
        }
        ObjectNode root = copy(current);
        ArrayNode ues = (ArrayNode) root.get("ues");
        int index = indexOf(ues, ueId);
        if (index < 0) {
            return null;
        }
        ues.remove(index);
        return validated(appId, root);
    }

    private static ObjectNode copy(JsonNode current) {
        if (current == null) {
            return MAPPER.createObjectNode();
        }
        if (!current.isObject()) {
            throw new IllegalArgumentException("config: the current mpsdn config is not a JSON object");
        }
        return ((ObjectNode) current).deepCopy();
    }

    private static ObjectNode findById(JsonNode array, String id) {
        if (!array.isArray()) {
            return null;
        }
        int i = indexOf((ArrayNode) array, id);
        return i < 0 ? null : (ObjectNode) array.get(i);
    }

    private static int indexOf(ArrayNode array, String id) {
        for (int i = 0; i < array.size(); i++) {
            JsonNode n = array.get(i);
            if (n.isObject() && n.path("id").isTextual() && n.get("id").asText().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Validates a config JSON with the app's config class.
     *
     * @param appId app id
     * @param root  config JSON
     * @return the same JSON
     * @throws IllegalArgumentException "field: reason" of the first invalid field
     */
    static ObjectNode validated(ApplicationId appId, ObjectNode root) {
        MpsdnConfig cfg = new MpsdnConfig();
        cfg.init(appId, MpsdnConfig.KEY, root, MAPPER, c -> { });
        try {
            cfg.validate();
        } catch (InvalidFieldException e) {
            throw new IllegalArgumentException(e.field() + ": " + e.reason());
        }
        return root;
    }
}
