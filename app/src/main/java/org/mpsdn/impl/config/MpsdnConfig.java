package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.core.Profile;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.InvalidFieldException;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Network config of the app (subject: the app id, key {@value #KEY}).
 * <pre>
 * { "aps": [ { "id": "wifi1", "kind": "wifi", "deviceId": "of:0000000000000001",
 *              "apPort": 1, "uplinkPort": 2, "capacityKbps": 54000,
 *              "agent": "10.0.0.1:50051", "directions": ["downlink", "uplink"],
 *              "cth": 0.85, "alpha": 0.5, "rmKbps": 100, "tier1Threshold": 0.4 },
 *            { "id": "lte1", "kind": "lte", ..., "enbAgent": "10.0.0.9:50061" } ],
 *   "ues": [ { "id": "ue1", "interfaces": [ { "ip": "10.0.1.2", "mac": "02:00:00:00:01:02" } ] } ],
 *   "profile": "mpsdn" }
 * </pre>
 * {@link #isValid()} rejects any bad field by throwing {@link InvalidFieldException} naming
 * the field (JSON path such as {@code aps[1].apPort}) and the reason; a config is used whole
 * or not at all. {@code enbAgent} (LTE APs only, optional) is the host:port of the eNB's
 * {@code mpsdn.enb.v1.EnbPolicy} service, to which eNB scheduling intents are pushed
 * ({@link ApSpec#enbAgent()}). The APs are parsed by {@link ApParser}, the UEs by
 * {@link UeParser}, each field by {@link JsonFields}; every call parses the whole config once.
 * {@code profile} (optional, {@code paper} or {@code mpsdn}) is the regulation profile of every AP;
 * when set it takes precedence over the component property {@code profile}
 * ({@link org.mpsdn.impl.decide.EngineParams#profileInForce}).
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
    static final String TIER1_THRESHOLD = "tier1Threshold";
    static final String ENB_AGENT = "enbAgent";
    static final String DOMAIN = "domain";
    static final String INTERFACES = "interfaces";
    static final String IP = "ip";
    static final String MAC = "mac";
    static final String PROFILE = "profile";

    /** Largest accepted AP capacity: 100 Gbit/s. */
    static final long MAX_CAPACITY_KBPS = 100_000_000L;
    /** Largest OpenFlow physical port number. */
    static final long MAX_PORT = 0xffffff00L;

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
        parse();
    }

    /**
     * Returns the validated APs in config order.
     *
     * @return AP specs
     * @throws InvalidFieldException if the config is invalid
     */
    public List<ApSpec> aps() {
        return parse().aps;
    }

    /**
     * Returns the validated static UE registrations.
     *
     * @return UE specs
     * @throws InvalidFieldException if the config is invalid
     */
    public List<UeSpec> ues() {
        return parse().ues;
    }

    /**
     * Returns the regulation profile the config sets.
     *
     * @return the profile, empty when the config does not set one
     * @throws InvalidFieldException if the config is invalid
     */
    public Optional<Profile> profile() {
        return parse().profile;
    }

    /**
     * Returns the whole config, parsed and validated once (for a reader that needs several parts).
     *
     * @return the parsed config
     * @throws InvalidFieldException if the config is invalid
     */
    public Parsed parsed() {
        return parse();
    }

    /** The whole config, parsed and validated once. */
    public static final class Parsed {
        private final List<ApSpec> aps;
        private final List<UeSpec> ues;
        private final Optional<Profile> profile;

        Parsed(List<ApSpec> aps, List<UeSpec> ues, Optional<Profile> profile) {
            this.aps = aps;
            this.ues = ues;
            this.profile = profile;
        }

        /** @return the APs in config order */
        public List<ApSpec> aps() {
            return aps;
        }

        /** @return the registered UEs */
        public List<UeSpec> ues() {
            return ues;
        }

        /** @return the regulation profile, empty when the config does not set one */
        public Optional<Profile> profile() {
            return profile;
        }
    }

    private Parsed parse() {
        onlyFields(object, "", APS, UES, PROFILE);
        List<ApSpec> aps = new ApParser(this).parse(object.get(APS));
        List<UeSpec> ues = new UeParser(this).parse(object.get(UES));
        return new Parsed(aps, ues, profile(object.get(PROFILE)));
    }

    private static Optional<Profile> profile(JsonNode v) {
        if (v == null) {
            return Optional.empty();
        }
        if (!v.isTextual()) {
            throw new InvalidFieldException(PROFILE, "must be a string (paper or mpsdn)");
        }
        try {
            return Optional.of(Profile.of(v.asText()));
        } catch (IllegalArgumentException e) {
            throw new InvalidFieldException(PROFILE, "must be paper or mpsdn, was '" + v.asText() + "'");
        }
    }

    /**
     * {@link #hasOnlyFields(ObjectNode, String...)} with the JSON path of the offending field.
     *
     * @param node    object to check
     * @param prefix  JSON path of the object, with a trailing dot (empty at the root)
     * @param allowed the fields it may have
     * @throws InvalidFieldException naming the first unknown field and the allowed ones
     */
    void onlyFields(ObjectNode node, String prefix, String... allowed) {
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
}
