package org.mpsdn.impl.weights;

import org.junit.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;

/**
 * Tests of the automatic weight derivation.
 */
public class AutomaticWeightsTest {
    private static final long M = 1_000_000L;

    private static final List<ClientPathInfo> PATHS = List.of(
            new ClientPathInfo("wlan0", "wifi-ap-1", List.of("10.0.1.2")),
            new ClientPathInfo("lte0", "enb-1", List.of("10.0.2.2")));

    private static RegulationInput reg(String primaryAp, String apId, ApTier2State st) {
        return new RegulationInput() {
            @Override
            public Optional<ApTier2State> tier2State(String ap) {
                return ap.equals(apId) ? Optional.of(st) : Optional.empty();
            }

            @Override
            public Optional<String> primaryAp(String clientId) {
                return Optional.ofNullable(primaryAp);
            }
        };
    }

    private static Map<String, PathMeasurement> rates(long wlan, long lte) {
        return Map.of("wlan0", new PathMeasurement(20_000, wlan), "lte0", new PathMeasurement(60_000, lte));
    }

    @Test
    public void saturatedApGivesTheClientItsProportionalPartOfTheLimit() {
        // limit 10 Mbit/s, 20 Mbit/s of Tier-2 through the AP, this client 5 of it: allowance 2.5 Mbit/s;
        // primary carries 10 Mbit/s, so the secondary weight is 1000 * 2.5 / 10 = 250
        List<Weight> w = AutomaticWeights.compute("ue1", PATHS,
                reg("wifi-ap-1", "enb-1", new ApTier2State(10 * M, 20 * M, 4)), rates(10 * M, 5 * M));
        assertEquals(new Weight("wlan0", Weight.FULL, "primary"), w.get(0));
        assertEquals(new Weight("lte0", 250, "tier2-share"), w.get(1));
    }

    @Test
    public void unsaturatedApSharesItsHeadroomEqually() {
        // limit 10, Tier-2 rate 4, 2 clients, this one sends 2: allowance 2 + 6/2 = 5; primary 10 -> 500
        List<Weight> w = AutomaticWeights.compute("ue1", PATHS,
                reg("wifi-ap-1", "enb-1", new ApTier2State(10 * M, 4 * M, 2)), rates(10 * M, 2 * M));
        assertEquals(500, w.get(1).value());
    }

    @Test
    public void secondaryWeightIsCappedAtFullAndFloorsAtOne() {
        List<Weight> big = AutomaticWeights.compute("ue1", PATHS,
                reg("wifi-ap-1", "enb-1", new ApTier2State(100 * M, 0, 1)), rates(M, 0));
        assertEquals(Weight.FULL, big.get(1).value());
        List<Weight> tiny = AutomaticWeights.compute("ue1", PATHS,
                reg("wifi-ap-1", "enb-1", new ApTier2State(1000, 1000, 1)), rates(100 * M, 1000));
        assertEquals(1, tiny.get(1).value());
    }

    @Test
    public void zeroLimitMakesTheSecondaryABackup() {
        List<Weight> w = AutomaticWeights.compute("ue1", PATHS,
                reg("wifi-ap-1", "enb-1", new ApTier2State(0, 0, 0)), rates(10 * M, 0));
        assertEquals(new Weight("lte0", 0, "tier2-limit-zero"), w.get(1));
    }

    @Test
    public void unknownApAndMissingPrimaryRateKeepFullWeight() {
        assertEquals(new Weight("lte0", Weight.FULL, "unregulated"),
                AutomaticWeights.compute("ue1", PATHS, RegulationInput.NONE, rates(M, M)).get(1));
        assertEquals(new Weight("lte0", Weight.FULL, "no-primary-rate"),
                AutomaticWeights.compute("ue1", PATHS, reg("wifi-ap-1", "enb-1", new ApTier2State(M, M, 1)),
                        Map.of()).get(1));
    }

    @Test
    public void primaryFollowsTheRegulationState() {
        // primary subflow on the eNB: lte0 is full weight, wlan0 follows the Wi-Fi AP's limit
        List<Weight> w = AutomaticWeights.compute("ue1", PATHS,
                reg("enb-1", "wifi-ap-1", new ApTier2State(2 * M, 2 * M, 1)), rates(2 * M, 8 * M));
        assertEquals(new Weight("lte0", Weight.FULL, "primary"), w.get(1));
        assertEquals(new Weight("wlan0", 250, "tier2-share"), w.get(0));
    }

    @Test(expected = IllegalArgumentException.class)
    public void negativeLimitIsRefused() {
        new ApTier2State(-1, 0, 0);
    }

    @Test
    public void aSecondaryOnAnApAtItsFloorIsABackupWhateverItsShare() {
        RegulationInput r = new RegulationInput() {
            @Override
            public Optional<ApTier2State> tier2State(String ap) {
                return Optional.of(new ApTier2State(100 * M, 0, 1));
            }

            @Override
            public Optional<String> primaryAp(String clientId) {
                return Optional.of("wifi-ap-1");
            }

            @Override
            public boolean tier2AtFloor(String ap) {
                return true;
            }
        };
        List<Weight> w = AutomaticWeights.compute("ue1", PATHS, r, rates(10 * M, M));
        assertEquals(new Weight("wlan0", Weight.FULL, "primary"), w.get(0));
        assertEquals(new Weight("lte0", 0, "tier2-at-floor"), w.get(1));
    }

    @Test
    public void theClientsUserIsFoundByAddressWhenItsIdIsNotTheDetectedOne() {
        // the agent runs as "ue3"; detection named its user auto-3, whose primary is on the LTE path (announced 2nd)
        RegulationInput r = new RegulationInput() {
            @Override
            public Optional<ApTier2State> tier2State(String ap) {
                return Optional.empty();
            }

            @Override
            public Optional<String> primaryAp(String clientId) {
                return clientId.equals("auto-3") ? Optional.of("enb-1") : Optional.empty();
            }

            @Override
            public Optional<String> userOfAddress(String address) {
                return address.equals("10.0.2.2") ? Optional.of("auto-3") : Optional.empty();
            }
        };
        List<Weight> w = AutomaticWeights.compute("ue3", PATHS, r, rates(M, 10 * M));
        assertEquals(new Weight("lte0", Weight.FULL, "primary"), w.get(1));
        assertEquals(new Weight("wlan0", Weight.FULL, "unregulated"), w.get(0));
    }

    @Test
    public void withoutAKnownPrimaryNoPathIsABackupForAnApAtItsFloor() {
        RegulationInput r = new RegulationInput() {
            @Override
            public Optional<ApTier2State> tier2State(String ap) {
                return Optional.empty();
            }

            @Override
            public Optional<String> primaryAp(String clientId) {
                return Optional.empty();
            }

            @Override
            public boolean tier2AtFloor(String ap) {
                return true;
            }
        };
        List<Weight> w = AutomaticWeights.compute("ue3", PATHS, r, rates(M, 10 * M));
        assertEquals(Weight.FULL, w.get(0).value());
        assertEquals(Weight.FULL, w.get(1).value());
    }
}
