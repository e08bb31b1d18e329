package org.mpsdn.web;

import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.web.codec.JsonFields;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Flows with a per-flow rule managed by this ONOS instance.
 */
@Path("flows")
public class FlowsWebResource extends AbstractWebResource {

    /**
     * Lists managed flows, optionally filtered.
     *
     * @param ap   AP identifier (optional)
     * @param ue   UE identifier (optional)
     * @param tier TIER1 or TIER2 (optional)
     * @return 200 OK with {"flows": [...]}, 400 on an unknown tier
     * @onos.rsModel Flows
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getFlows(@QueryParam("ap") String ap, @QueryParam("ue") String ue,
                             @QueryParam("tier") String tier) {
        Tier t = JsonFields.enumValue("tier", tier, Tier.class);
        return ok(encodeArray(ManagedFlow.class, "flows", get(NorthboundService.class).flows(ap, ue, t))).build();
    }
}
