package org.mpsdn.impl.switches;

import org.mpsdn.core.Profile;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.config.MpsdnConfig;
import org.mpsdn.impl.config.UeSpec;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.InvalidFieldException;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The APs and registered UEs of the app's netcfg in force. Loaded on the regulation loop's thread;
 * read from any thread (immutable snapshots).
 */
public final class ApDirectory {
    private final Logger log = getLogger(getClass());
    private volatile Map<String, ApSpec> aps = Map.of();
    private volatile Map<DeviceId, ApSpec> byDevice = Map.of();
    private volatile List<UeSpec> ues = List.of();
    private volatile Optional<Profile> profile = Optional.empty();

    /**
     * Takes the app's config. An invalid config changes nothing.
     *
     * @param cfg the config, null when there is none (no APs, no UEs)
     * @return the APs of the previous config that left it or moved to another switch; empty when
     *         the config is invalid
     */
    public Optional<List<ApSpec>> load(MpsdnConfig cfg) {
        List<ApSpec> newAps = List.of();
        List<UeSpec> newUes = List.of();
        Optional<Profile> newProfile = Optional.empty();
        if (cfg != null) {
            try {
                MpsdnConfig.Parsed parsed = cfg.parsed();
                newAps = parsed.aps();
                newUes = parsed.ues();
                newProfile = parsed.profile();
            } catch (InvalidFieldException e) {
                log.warn("Ignoring invalid mpsdn config: {}: {}", e.field(), e.reason());
                return Optional.empty();
            }
        }
        Map<String, ApSpec> byId = new LinkedHashMap<>();
        Map<DeviceId, ApSpec> devices = new HashMap<>();
        newAps.forEach(a -> {
            byId.put(a.id(), a);
            devices.put(a.deviceId(), a);
        });
        List<ApSpec> retired = new ArrayList<>();
        for (ApSpec gone : aps.values()) {
            ApSpec now = byId.get(gone.id());
            if (now == null || !now.deviceId().equals(gone.deviceId())) {
                retired.add(gone);
            }
        }
        aps = Map.copyOf(byId);
        byDevice = Map.copyOf(devices);
        ues = List.copyOf(newUes);
        profile = newProfile;
        log.info("Config: {} APs, {} registered UEs, profile {}", byId.size(), newUes.size(),
                newProfile.map(Profile::id).orElse("not set (the component property's)"));
        return Optional.of(retired);
    }

    /**
     * The configured APs.
     *
     * @return AP id to spec
     */
    public Map<String, ApSpec> aps() {
        return aps;
    }

    /**
     * The AP whose switch is a device.
     *
     * @param deviceId a device
     * @return its AP, or null
     */
    public ApSpec byDevice(DeviceId deviceId) {
        return byDevice.get(deviceId);
    }

    /**
     * The switches of the configured APs.
     *
     * @return device ids
     */
    public Set<DeviceId> devices() {
        return byDevice.keySet();
    }

    /**
     * The registered UEs.
     *
     * @return UE specs
     */
    public List<UeSpec> ues() {
        return ues;
    }

    /**
     * The regulation profile the netcfg sets.
     *
     * @return the profile, empty when the netcfg does not set one
     */
    public Optional<Profile> profile() {
        return profile;
    }
}
