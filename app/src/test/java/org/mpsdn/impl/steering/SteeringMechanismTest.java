package org.mpsdn.impl.steering;

import org.junit.Test;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.impl.steering.ClientSteering.Mechanism;
import org.mpsdn.impl.weights.ApTier2State;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.PathMeasurement;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.Weight;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * What each steering mode becomes on a client with an agent and on one without.
 */
public class SteeringMechanismTest {
    private static final List<ClientPathInfo> PATHS = List.of(new ClientPathInfo("wlan0", "wifi1", List.of()),
            new ClientPathInfo("lte0", "lte1", List.of()));
    private static final List<ClientPathInfo> NO_AGENT = List.of();

    /** Regulation: the client's primary is on wifi1 (Tier-2 limit 500 kb/s); lte1's Tier-2 limit is the given one. */
    private static RegulationInput regulation(long lteLimitBps) {
        return new RegulationInput() {
            @Override
            public Optional<ApTier2State> tier2State(String apId) {
                return Optional.of(apId.equals("lte1") ? new ApTier2State(lteLimitBps, 0, 0)
                        : new ApTier2State(500_000, 0, 1));
            }

            @Override
            public Optional<String> primaryAp(String clientId) {
                return Optional.of("wifi1");
            }
        };
    }

    private static final RegulationInput OPEN = regulation(10_000_000);

    private static SteeringRule.Builder rule(SteeringMode mode) {
        return SteeringRule.builder().precedence(1).mode(mode);
    }

    private static Map<String, PathMeasurement> rtt(long wifiMs, long lteMs) {
        return Map.of("wlan0", new PathMeasurement(wifiMs * 1000, 5_000_000),
                "lte0", new PathMeasurement(lteMs * 1000, 1_000_000));
    }

    @Test
    public void activeStandbyMarksTheStandbyPathBackup() {
        ClientSteering s = SteeringMechanism.map(rule(SteeringMode.ACTIVE_STANDBY).activeAp("lte1").build(), "ue1",
                PATHS, OPEN, Map.of(), null);
        assertEquals(Mechanism.WEIGHTS, s.mechanism());
        assertEquals(Map.of("wlan0", 0, "lte0", Weight.FULL), s.weights());
        assertTrue(s.description(), s.description().contains("MP_PRIO backup on wlan0"));
        ClientSteering none = SteeringMechanism.map(rule(SteeringMode.ACTIVE_STANDBY).activeAp("lte1").build(),
                "ue1", NO_AGENT, OPEN, Map.of(), null);
        assertEquals(Mechanism.NOT_APPLIED, none.mechanism());
        assertTrue(none.description(), none.description().startsWith("not applied: no client agent"));
        assertEquals(Mechanism.NOT_APPLIED, SteeringMechanism.map(rule(SteeringMode.ACTIVE_STANDBY)
                .activeAp("wifi9").build(), "ue1", PATHS, OPEN, Map.of(), null).mechanism());
    }

    @Test
    public void tier1ProtectionWinsOverTheMode() {
        // the active path is on an AP that holds Tier 2 at 0 and does not carry the primary: regulation wins
        ClientSteering s = SteeringMechanism.map(rule(SteeringMode.ACTIVE_STANDBY).activeAp("lte1").build(), "ue1",
                PATHS, regulation(0), Map.of(), null);
        assertEquals(Mechanism.AUTOMATIC, s.mechanism());
        assertTrue(s.description(), s.description().startsWith("regulation wins"));
        // a fixed split keeps weight 0 on that path and says so
        ClientSteering lb = SteeringMechanism.map(rule(SteeringMode.LOAD_BALANCING).share("wifi1", 70)
                .share("lte1", 30).build(), "ue1", PATHS, regulation(0), Map.of(), null);
        assertEquals(Map.of("wlan0", 70, "lte0", 0), lb.weights());
        assertTrue(lb.description(), lb.description().contains("regulation holds Tier 2 at 0 on the AP of lte0"));
        // active on the primary's AP: nothing to protect
        assertEquals(Map.of("wlan0", Weight.FULL, "lte0", 0), SteeringMechanism.map(rule(SteeringMode.ACTIVE_STANDBY)
                .activeAp("wifi1").build(), "ue1", PATHS, regulation(0), Map.of(), null).weights());
    }

    @Test
    public void loadBalancingSplitsOrLeavesItToTheRegulation() {
        ClientSteering fixed = SteeringMechanism.map(rule(SteeringMode.LOAD_BALANCING).share("wifi1", 70)
                .share("lte1", 30).build(), "ue1", PATHS, OPEN, Map.of(), null);
        assertEquals(Map.of("wlan0", 70, "lte0", 30), fixed.weights());
        assertEquals(Mechanism.NOT_APPLIED, SteeringMechanism.map(rule(SteeringMode.LOAD_BALANCING)
                .share("wifi1", 70).share("lte1", 30).build(), "ue1", NO_AGENT, OPEN, Map.of(), null).mechanism());
        assertEquals(Mechanism.AUTOMATIC, SteeringMechanism.map(rule(SteeringMode.LOAD_BALANCING).autonomous(true)
                .build(), "ue1", PATHS, OPEN, Map.of(), null).mechanism());
        assertEquals(Mechanism.AUTOMATIC, SteeringMechanism.map(rule(SteeringMode.LOAD_BALANCING).autonomous(true)
                .build(), "ue1", NO_AGENT, OPEN, Map.of(), null).mechanism());
        assertEquals(Mechanism.AUTOMATIC, SteeringMechanism.map(rule(SteeringMode.PRIORITY_BASED).build(), "ue1",
                NO_AGENT, OPEN, Map.of(), null).mechanism());
        assertEquals(Mechanism.AUTOMATIC, SteeringMechanism.map(rule(SteeringMode.PRIORITY_BASED).build(), "ue1",
                PATHS, OPEN, Map.of(), null).mechanism());
    }

    @Test
    public void smallestDelayTakesTheLowerRttWithHysteresis() {
        SteeringRule sd = rule(SteeringMode.SMALLEST_DELAY).rttHysteresisMs(10).build();
        ClientSteering first = SteeringMechanism.map(sd, "ue1", PATHS, OPEN, rtt(40, 30), null);
        assertEquals("lte0", first.primaryPath());
        assertEquals(Weight.FULL, (int) first.weights().get("lte0"));
        assertTrue(first.weights().get("wlan0") < Weight.FULL);
        // jitter within the hysteresis keeps the primary
        assertEquals("lte0", SteeringMechanism.map(sd, "ue1", PATHS, OPEN, rtt(25, 33), "lte0").primaryPath());
        // 50 ms more on the primary moves it
        ClientSteering moved = SteeringMechanism.map(sd, "ue1", PATHS, OPEN, rtt(40, 80), "lte0");
        assertEquals("wlan0", moved.primaryPath());
        assertEquals(Weight.FULL, (int) moved.weights().get("wlan0"));
        ClientSteering unknown = SteeringMechanism.map(sd, "ue1", PATHS, OPEN,
                Map.of("wlan0", new PathMeasurement(PathMeasurement.UNKNOWN, 0)), null);
        assertEquals(Mechanism.NOT_APPLIED, unknown.mechanism());
        assertTrue(unknown.description(), unknown.description().contains("wlan0 unknown, lte0 unknown"));
        assertEquals(Mechanism.NOT_APPLIED, SteeringMechanism.map(sd, "ue1", NO_AGENT, OPEN, Map.of(), null)
                .mechanism());
    }
}
