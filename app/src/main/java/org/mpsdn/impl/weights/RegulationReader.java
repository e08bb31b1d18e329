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
 * read to the next which APs hold Tier 2 at its floor ({@link FloorHolds}) and which detected user each address
 * belongs to.
 */
final class RegulationReader {
    private Set<String> atFloor = Set.of();
    private Map<String, String> users = Map.of();

    /**
     * Reads the services now.
     *
     * @param regulation the regulation service
     * @param detection  the detection service, or null
     * @return the snapshot
     */
    synchronized RegulationSnapshot read(RegulationService regulation, DetectionService detection) {
        Collection<ApRegulationState> states = regulation.apStates();
        atFloor = FloorHolds.next(states, atFloor);
        Map<String, String> primaries = regulation.primaries();
        users = sticky(users, detection == null ? Map.of() : userByAddress(detection.detection().users()),
                primaries);
        return new RegulationSnapshot(states, primaries, regulation.managedFlows(), Direction.UPLINK, atFloor,
                users);
    }

    /**
     * Merges a fresh address index into the previous one: an address keeps its last user while that user still has
     * a primary, unless a fresh entry names another. A user that detection leaves out of one cycle's list would
     * otherwise lose its primary for a refresh, and its client's first path would count as primary.
     *
     * @param before    the previous index
     * @param fresh     this read's index
     * @param primaries UE id to primary AP id
     * @return the merged index
     */
    static Map<String, String> sticky(Map<String, String> before, Map<String, String> fresh,
                                      Map<String, String> primaries) {
        Map<String, String> m = new HashMap<>();
        before.forEach((a, u) -> {
            if (primaries.containsKey(u)) {
                m.put(a, u);
            }
        });
        m.putAll(fresh);
        return Map.copyOf(m);
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
