package org.mpsdn.impl.northbound;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.RegulationProperties;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.mpsdn.api.northbound.NorthboundService.PARAMETER_NAMES;
import static org.mpsdn.impl.OsgiPropertyConstants.PROFILE;

/**
 * The global regulation parameters as the northbound shows and sets them: the component properties of
 * {@link RegulationManager}, the profile in force, and which of them that profile ignores.
 */
final class Parameters {

    private Parameters() {
    }

    /**
     * The component properties in force.
     *
     * @param ccs the component configuration
     * @return the validated values
     */
    static RegulationProperties read(ComponentConfigService ccs) {
        Hashtable<String, Object> dict = new Hashtable<>();
        Set<ConfigProperty> props = ccs.getProperties(RegulationManager.class.getName());
        if (props != null) {
            for (ConfigProperty p : props) {
                if (p.value() != null) {
                    dict.put(p.name(), p.value());
                }
            }
        }
        return RegulationProperties.read(dict, RegulationProperties.defaults());
    }

    /**
     * The parameters as text, in {@link org.mpsdn.api.northbound.NorthboundService#PARAMETER_NAMES} order.
     *
     * @param p       the properties in force
     * @param inForce the profile in force
     * @return name to value
     */
    static Map<String, String> values(RegulationProperties p, Profile inForce) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("intervalMs", String.valueOf(p.intervalMs()));
        m.put("cth", String.valueOf(p.cth()));
        m.put("alpha", String.valueOf(p.alpha()));
        m.put("rmKbps", String.valueOf(p.rmKbps()));
        m.put("deadlockBreaker", p.deadlockBreaker());
        m.put("failOpenDelayMs", String.valueOf(p.failOpenDelayMs()));
        m.put("flowIdleTimeoutSec", String.valueOf(p.flowIdleTimeoutSec()));
        m.put("meterBurstMs", String.valueOf(p.meterBurstMs()));
        m.put("profile", inForce.id());
        m.put("tier1Threshold", String.valueOf(p.tier1Threshold()));
        m.put("meterLadderRatio", String.valueOf(p.meterLadderRatio()));
        m.put("hysteresis", String.valueOf(p.hysteresis()));
        return m;
    }

    /**
     * The parameters the profile in force ignores ({@link Profile#ignoredParameters}), among those the
     * northbound sets: CTh counts as read under mpsdn while some AP direction's last decision read MacOcc.
     *
     * @param inForce the profile in force
     * @param states  the shared regulation states (their last decisions)
     * @return name to reason
     */
    static Map<String, String> ignored(Profile inForce, Collection<ApRegulationState> states) {
        boolean macOcc = states.stream().anyMatch(s -> List.of(Direction.values()).stream()
                .anyMatch(d -> s.decision(d).flatMap(x -> x.source()).filter(SignalSource.MAC_OCC::equals)
                        .isPresent()));
        Map<String, String> ignored = new LinkedHashMap<>(inForce.ignoredParameters(macOcc));
        ignored.keySet().retainAll(PARAMETER_NAMES);
        return ignored;
    }

    /**
     * Validates all values together and sets them as component properties (none when one is bad).
     *
     * @param ccs     the component configuration
     * @param values  name to value
     * @param netcfg  the profile the netcfg sets, if any (a different {@code profile} is refused)
     * @param current the properties in force
     * @throws IllegalArgumentException naming the first unknown or invalid parameter
     */
    static void set(ComponentConfigService ccs, Map<String, String> values, Optional<Profile> netcfg,
                    RegulationProperties current) {
        Hashtable<String, Object> dict = new Hashtable<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!PARAMETER_NAMES.contains(e.getKey())) {
                throw new IllegalArgumentException(e.getKey() + ": unknown parameter (known: " + PARAMETER_NAMES
                        + ")");
            }
            if (e.getValue() == null) {
                throw new IllegalArgumentException(e.getKey() + ": value is null");
            }
            dict.put(e.getKey(), e.getValue());
        }
        String profile = values.get(PROFILE);
        if (profile != null && netcfg.isPresent() && !netcfg.get().id().equals(profile.trim())) {
            throw new IllegalArgumentException(PROFILE + ": the app's netcfg sets profile '" + netcfg.get().id()
                    + "', which takes precedence over this setting; change or remove it in the netcfg");
        }
        List<String> errors = new ArrayList<>();
        RegulationProperties.read(dict, current, errors);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(errors.get(0));
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            ccs.setProperty(RegulationManager.class.getName(), e.getKey(), e.getValue().trim());
        }
    }
}
