package org.mpsdn.web;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.AgentHealth;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.ManagedFlow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Northbound service with fixed data that records writes. Like the real one it rejects what
 * only the app can judge (parameter ranges, addresses, unknown UEs) with "field: reason".
 */
public class FakeNorthbound implements NorthboundAdminService {
    final List<ApInfo> aps = new ArrayList<>();
    final Map<String, UeInfo> ues = new TreeMap<>();
    final List<ManagedFlow> flows = new ArrayList<>();
    final Map<String, String> parameters = new LinkedHashMap<>();
    final Map<String, MpsdnIntent> intents = new TreeMap<>();
    final Map<String, ApOverride> overrides = new LinkedHashMap<>();
    final Map<String, UeRegistration> registrations = new LinkedHashMap<>();

    FakeNorthbound() {
        AgentHealth ok = new AgentHealth("10.0.0.1:50051", AgentHealth.Status.OK, 0, 1234);
        aps.add(new ApInfo("wifi1", ApKind.WIFI, "of:0000000000000001", 54000,
                Set.of(Direction.DOWNLINK, Direction.UPLINK), ApOverride.none(),
                Map.of(Direction.DOWNLINK, 0.91, Direction.UPLINK, 0.25), Map.of(Direction.DOWNLINK, 3000L),
                Map.of(Tier.TIER1, 2, Tier.TIER2, 1), ok, Map.of(Direction.DOWNLINK,
                        new LimitDecision(SignalSource.TIER1_STATIONS, 0.72, 0.4, 3000, 54000, LimitReason.DECREASE,
                                "signal at or above its threshold: halved", 1234))));
        aps.add(new ApInfo("lte1", ApKind.LTE, "of:0000000000000002", 20000, Set.of(Direction.DOWNLINK),
                ApOverride.none(), Map.of(), Map.of(), Map.of(),
                new AgentHealth("10.0.0.2:50051", AgentHealth.Status.FAILSAFE, 7, -1),
                Map.of(Direction.DOWNLINK, LimitDecision.failOpen("agent silent", 1234))));
        ues.put("ue1", new UeInfo("ue1", true, "lte1", List.of(
                new UeConnection("lte1", "10.0.2.2", "02:00:00:00:02:02", -90, 10_000_000, 5_000_000, true,
                        Tier.TIER1),
                new UeConnection("wifi1", "10.0.1.2", "02:00:00:00:01:02", -48, 54_000_000, 24_000_000, false,
                        Tier.TIER2))));
        flows.add(new ManagedFlow("wifi1", "ue1", "tcp 10.0.0.9:5201->10.0.1.2:40000", Direction.DOWNLINK,
                Tier.TIER2, 1000, 8e6));
        flows.add(new ManagedFlow("wifi1", "ue2", "tcp 10.0.0.9:5201->10.0.1.3:40000", Direction.DOWNLINK,
                Tier.TIER1, 2000, 4e6));
        flows.add(new ManagedFlow("lte1", "ue1", "tcp 10.0.0.9:5201->10.0.2.2:40001", Direction.DOWNLINK,
                Tier.TIER1, 3000, 2e6));
        parameters.put("intervalMs", "2000");
        parameters.put("cth", "0.85");
        parameters.put("deadlockBreaker", "priority");
    }

    @Override
    public List<ApInfo> aps() {
        return aps;
    }

    @Override
    public Optional<ApInfo> ap(String apId) {
        return aps.stream().filter(a -> a.id().equals(apId)).findFirst();
    }

    @Override
    public List<UeInfo> ues() {
        return List.copyOf(ues.values());
    }

    @Override
    public Optional<UeInfo> ue(String ueId) {
        return Optional.ofNullable(ues.get(ueId));
    }

    @Override
    public List<ManagedFlow> flows(String apId, String ueId, Tier tier) {
        List<ManagedFlow> r = new ArrayList<>();
        for (ManagedFlow f : flows) {
            if ((apId == null || f.apId().equals(apId)) && (ueId == null || f.ueId().equals(ueId))
                    && (tier == null || f.tier() == tier)) {
                r.add(f);
            }
        }
        return r;
    }

    @Override
    public Map<String, String> parameters() {
        return parameters;
    }

    @Override
    public Map<String, String> ignoredParameters() {
        return "paper".equals(parameters.get("profile")) ? Map.of("tier1Threshold", "paper reads cth")
                : Map.of("cth", "mpsdn reads tier1Threshold");
    }

    @Override
    public List<MpsdnIntent> intents() {
        return List.copyOf(intents.values());
    }

    @Override
    public Optional<MpsdnIntent> intent(String intentId) {
        return Optional.ofNullable(intents.get(intentId));
    }

    @Override
    public Map<String, String> setParameters(Map<String, String> values) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!PARAMETER_NAMES.contains(e.getKey())) {
                throw new IllegalArgumentException(e.getKey() + ": unknown parameter");
            }
            if (e.getKey().equals("cth") && Double.parseDouble(e.getValue()) > 1.0) {
                throw new IllegalArgumentException("cth: must be in (0.0, 1.0], was " + e.getValue());
            }
            if (e.getKey().equals("hysteresis")) {
                hysteresis(e.getValue());
            }
        }
        parameters.putAll(values);
        return parameters;
    }

    /** The app's rule and messages for hysteresis (RegulationProperties; NorthboundManagerTest checks the app's). */
    private static void hysteresis(String value) {
        double v;
        try {
            v = Double.parseDouble(value);
        } catch (NumberFormatException x) {
            throw new IllegalArgumentException("hysteresis: not a number: '" + value + "'");
        }
        if (!(v >= 0.0 && v <= 10.0)) {
            throw new IllegalArgumentException("hysteresis: must be in [0.0, 10.0], was " + v);
        }
    }

    @Override
    public void setApOverride(String apId, ApOverride override) {
        overrides.put(apId, override);
    }

    @Override
    public void registerUe(UeRegistration registration) {
        for (int i = 0; i < registration.interfaces().size(); i++) {
            if (!registration.interfaces().get(i).ip().matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
                throw new IllegalArgumentException("ues[0].interfaces[" + i + "].ip: is not an IP address: '"
                        + registration.interfaces().get(i).ip() + "'");
            }
        }
        registrations.put(registration.id(), registration);
    }

    @Override
    public boolean unregisterUe(String ueId) {
        return registrations.remove(ueId) != null || ues.remove(ueId) != null;
    }

    @Override
    public MpsdnIntent submitIntent(MpsdnIntent intent) {
        if (intent.target().equals("ghost")) {
            throw new IllegalArgumentException("target: unknown UE 'ghost'");
        }
        MpsdnIntent stored = intent.toBuilder().state(IntentState.PENDING).reason("").version(1)
                .updatedMillis(99).build();
        intents.put(stored.id(), stored);
        return stored;
    }

    @Override
    public boolean withdrawIntent(String intentId) {
        return intents.remove(intentId) != null;
    }
}
