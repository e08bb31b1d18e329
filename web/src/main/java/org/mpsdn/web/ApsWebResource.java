package org.mpsdn.web;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;

/**
 * Access points: kind, switch, live occupancy, Tier-2 limits, flow counts, agent health.
 */
@Path("aps")
public class ApsWebResource extends AbstractWebResource {

    private ApInfo find(String apId) {
        return get(NorthboundService.class).ap(apId)
                .orElseThrow(() -> new ItemNotFoundException("AP " + apId + " is not configured"));
    }

    /**
     * Lists all APs.
     * Occupancy and Tier-2 limits per direction; a direction missing from tier2LimitKbps is unlimited.
     *
     * @return 200 OK with {"aps": [...]}
     * @onos.rsModel Aps
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAps() {
        return ok(encodeArray(ApInfo.class, "aps", get(NorthboundService.class).aps())).build();
    }

    /**
     * Shows one AP.
     *
     * @param apId AP identifier
     * @return 200 OK with the AP, 404 if it is not configured
     * @onos.rsModel Ap
     */
    @GET
    @Path("{apId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAp(@PathParam("apId") String apId) {
        return ok(codec(ApInfo.class).encode(find(apId), this)).build();
    }

    /**
     * Sets the per-AP parameter overrides (cth, alpha, rmKbps); absent fields use the globals.
     * Needs the admin role.
     *
     * @param apId   AP identifier
     * @param stream override JSON
     * @return 200 OK with the updated AP, 400 on invalid values, 404 if the AP is unknown
     * @onos.rsModel ApOverride
     */
    @PUT
    @Path("{apId}/override")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response setOverride(@PathParam("apId") String apId, InputStream stream) {
        find(apId);
        ObjectNode body = Bodies.object(mapper(), stream);
        ApOverride override = codec(ApOverride.class).decode(body, this);
        get(NorthboundAdminService.class).setApOverride(apId, override);
        return ok(codec(ApInfo.class).encode(find(apId), this)).build();
    }

    /**
     * Clears the per-AP parameter overrides. Needs the admin role.
     *
     * @param apId AP identifier
     * @return 204 NO CONTENT, 404 if the AP is unknown
     */
    @DELETE
    @Path("{apId}/override")
    public Response clearOverride(@PathParam("apId") String apId) {
        find(apId);
        get(NorthboundAdminService.class).setApOverride(apId, ApOverride.none());
        return Response.noContent().build();
    }
}
