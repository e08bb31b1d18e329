package org.mpsdn.impl.weights;

import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.RegulationService;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads the regulation and detection services into a {@link RegulationSnapshot} for the weights, carrying from one
 * read to the next which APs hold Tier 1 back ({@link HeldBackAps}).
 */
final class RegulationReader {
    private Set<String> heldBack = Set.of();

    /**
     * Reads the services now.
     *
     * @param regulation the regulation service
     * @param detection  the detection service, or null
     * @return the snapshot
     */
    synchronized RegulationSnapshot read(RegulationService regulation, DetectionService detection) {
        Collection<ApRegulationState> states = regulation.apStates();
        heldBack = HeldBackAps.next(states, heldBack);
        return new RegulationSnapshot(states, regulation.primaries(), regulation.managedFlows(), Direction.UPLINK,
                heldBack, detection == null ? Map.of() : userByAddress(detection.detection().users()));
    }

    /**
     * Maps each address of a detected multipath user to the user (the first user listed wins a shared address).
     *
     * @param users detected users
     * @return address to user id
     */
    static Map<String, String> userByAddress(Collection<DetectedUser> users) {
        Map<String, String> m = new HashMap<>();
        for (DetectedUser u : users) {
            if (!u.multipath()) {
                continue;
            }
            for (String a : u.addresses()) {
                m.putIfAbsent(a, u.id());
            }
        }
        return m;
    }
}
