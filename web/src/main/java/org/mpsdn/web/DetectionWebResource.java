package org.mpsdn.web;

import org.mpsdn.api.detection.DetectedUser;
import org.mpsdn.api.detection.DetectionService;
import org.mpsdn.api.detection.DetectionStats;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

/**
 * Multipath-user detection of this ONOS instance: the detector's counters, the AP station lists it
 * was fed, the users it grouped and the conflicts it found.
 */
@Path("detection")
public class DetectionWebResource extends AbstractWebResource {

    /**
     * Shows the detection state: counters since start (tracker events such as decoded MP_CAPABLE
     * handshakes and matched MP_JOIN tokens, frame decoder results, malformed frames), per-AP
     * station feeds (lists, stations without MAC, entries rejected), the users grouped and the
     * conflicts found by the last cycle.
     *
     * @param multipath "true" or "false" to list only the users that are (not) multipath now (optional)
     * @return 200 OK with the state, 400 if multipath is neither true nor false
     * @onos.rsModel Detection
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getDetection(@QueryParam("multipath") String multipath) {
        DetectionStats d = get(DetectionService.class).detection();
        if (multipath != null) {
            boolean want = parseBoolean("multipath", multipath);
            List<DetectedUser> users = new ArrayList<>();
            d.users().stream().filter(u -> u.multipath() == want).forEach(users::add);
            d = new DetectionStats(d.events(), d.frames(), d.malformedFrames(), d.stationFeeds(), users,
                    d.conflicts());
        }
        return ok(codec(DetectionStats.class).encode(d, this)).build();
    }

    private static boolean parseBoolean(String field, String text) {
        if ("true".equalsIgnoreCase(text)) {
            return true;
        }
        if ("false".equalsIgnoreCase(text)) {
            return false;
        }
        throw new IllegalArgumentException(field + ": must be true or false, was '" + text + "'");
    }
}
