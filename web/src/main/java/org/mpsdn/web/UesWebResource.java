package org.mpsdn.web;

import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;

/**
 * User equipment: connections with RSSI and PHY rate, primary AP, tier per connection.
 */
@Path("ues")
public class UesWebResource extends AbstractWebResource {

    @Context
    private UriInfo uriInfo;

    /**
     * Lists all UEs (registered ones and stations seen by the APs).
     *
     * @return 200 OK with {"ues": [...]}
     * @onos.rsModel Ues
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getUes() {
        return ok(encodeArray(UeInfo.class, "ues", get(NorthboundService.class).ues())).build();
    }

    /**
     * Shows one UE.
     *
     * @param ueId UE identifier
     * @return 200 OK with the UE, 404 if unknown
     * @onos.rsModel Ue
     */
    @GET
    @Path("{ueId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getUe(@PathParam("ueId") String ueId) {
        UeInfo ue = get(NorthboundService.class).ue(ueId)
                .orElseThrow(() -> new ItemNotFoundException("UE " + ueId + " is unknown"));
        return ok(codec(UeInfo.class).encode(ue, this)).build();
    }

    /**
     * Registers a UE statically (or replaces its registration). Needs the admin role.
     *
     * @param stream registration JSON
     * @return 201 CREATED with the location of the UE, 400 on invalid input
     * @onos.rsModel UeRegistration
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response registerUe(InputStream stream) {
        UeRegistration reg = codec(UeRegistration.class).decode(Bodies.object(mapper(), stream), this);
        get(NorthboundAdminService.class).registerUe(reg);
        return Response.created(uriInfo.getBaseUriBuilder().path("ues").path(reg.id()).build())
                .entity(codec(UeRegistration.class).encode(reg, this)).build();
    }

    /**
     * Removes a static UE registration. Needs the admin role.
     *
     * @param ueId UE identifier
     * @return 204 NO CONTENT, 404 if the UE is not registered
     */
    @DELETE
    @Path("{ueId}")
    public Response unregisterUe(@PathParam("ueId") String ueId) {
        if (!get(NorthboundAdminService.class).unregisterUe(ueId)) {
            throw new ItemNotFoundException("UE " + ueId + " is not registered");
        }
        return Response.noContent().build();
    }
}
