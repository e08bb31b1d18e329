package org.mpsdn.impl.steering;

import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.PathMeasurement;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Smallest delay's choice of a client's primary path: the path with the lowest smoothed RTT,
 * except that the path primary last time keeps the role unless another is lower by more than
 * the hysteresis (so jitter of a few ms does not make it flap).
 */
final class RttChoice {

    private RttChoice() {
    }

    /**
     * Chooses the primary.
     *
     * @param paths        the client's paths
     * @param m            per-path measurements
     * @param lastPrimary  the previous choice, or null
     * @param hysteresisMs margin in ms
     * @return the path id, empty when fewer than two paths have an RTT
     */
    static Optional<String> primary(List<ClientPathInfo> paths, Map<String, PathMeasurement> m, String lastPrimary,
                                    int hysteresisMs) {
        String best = null;
        long bestUs = Long.MAX_VALUE;
        int known = 0;
        for (ClientPathInfo p : paths) {
            long us = rtt(m, p.pathId());
            if (us == PathMeasurement.UNKNOWN) {
                continue;
            }
            known++;
            if (us < bestUs) {
                best = p.pathId();
                bestUs = us;
            }
        }
        if (known < 2) {
            return Optional.empty();
        }
        long lastUs = lastPrimary == null ? PathMeasurement.UNKNOWN : rtt(m, lastPrimary);
        boolean lastStillThere = paths.stream().anyMatch(p -> p.pathId().equals(lastPrimary));
        if (lastStillThere && lastUs != PathMeasurement.UNKNOWN && lastUs - bestUs <= hysteresisMs * 1000L) {
            return Optional.of(lastPrimary);
        }
        return Optional.of(best);
    }

    private static long rtt(Map<String, PathMeasurement> m, String pathId) {
        PathMeasurement pm = m.get(pathId);
        return pm == null ? PathMeasurement.UNKNOWN : pm.srttUs();
    }
}
