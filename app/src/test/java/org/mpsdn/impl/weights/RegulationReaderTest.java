package org.mpsdn.impl.weights;

import org.junit.Test;
import org.mpsdn.api.detection.DetectedUser;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * Tests of the detected users' address index the weights use to find a client's user.
 */
public class RegulationReaderTest {

    @Test
    public void onlyMultipathUsersAreIndexedByEveryAddress() {
        DetectedUser mp = new DetectedUser("auto-3", false, List.of("10.0.1.3", "10.0.2.3"), List.of(),
                Map.of("wifi", List.of("10.0.1.3"), "lte", List.of("10.0.2.3")), true);
        DetectedUser sp = new DetectedUser("ip:10.0.1.1", false, List.of("10.0.1.1"), List.of(),
                Map.of("wifi", List.of("10.0.1.1")), false);
        assertEquals(Map.of("10.0.1.3", "auto-3", "10.0.2.3", "auto-3"),
                RegulationReader.userByAddress(List.of(sp, mp)));
    }

    @Test
    public void anAddressKeepsItsUserWhileTheUserHasAPrimary() {
        Map<String, String> before = Map.of("10.0.1.3", "auto-3", "10.0.1.9", "auto-9");
        // auto-3 is missing from this cycle's detection but still has a primary; auto-9 has none any more
        assertEquals(Map.of("10.0.1.3", "auto-3", "10.0.2.2", "auto-2"),
                RegulationReader.sticky(before, Map.of("10.0.2.2", "auto-2"), Map.of("auto-3", "lte")));
        // a fresh entry wins over the kept one
        assertEquals(Map.of("10.0.1.3", "auto-5"),
                RegulationReader.sticky(before, Map.of("10.0.1.3", "auto-5"), Map.of("auto-3", "lte")));
    }
}
