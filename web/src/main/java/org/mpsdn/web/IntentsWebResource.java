package org.mpsdn.web;

import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
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
 * Intents: per-UE multipath policy, eNB cluster scheduling, MPTCP client weights, steering. The state
 * (PENDING, INSTALLED, FAILED with reason) follows what the agent acknowledged.
 */
@Path("intents")
public class IntentsWebResource extends AbstractWebResource {

    @Context
    private UriInfo uriInfo;

    /**
     * Lists all intents.
     *
     * @return 200 OK with {"intents": [...]}
     * @onos.rsModel Intents
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getIntents() {
        return ok(encodeArray(MpsdnIntent.class, "intents", get(NorthboundService.class).intents())).build();
    }

    /**
     * Shows one intent with its install state.
     *
     * @param intentId intent identifier
     * @return 200 OK with the intent, 404 if unknown
     * @onos.rsModel Intent
     */
    @GET
    @Path("{intentId}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getIntent(@PathParam("intentId") String intentId) {
        MpsdnIntent i = get(NorthboundService.class).intent(intentId)
                .orElseThrow(() -> new ItemNotFoundException("intent " + intentId + " is unknown"));
        return ok(codec(MpsdnIntent.class).encode(i, this)).build();
    }

    /**
     * Submits an intent (a new one, or a new version of an existing id); it is PENDING until the
     * agent acknowledges. Needs the admin role.
     *
     * @param stream intent JSON
     * @return 201 CREATED with the stored intent, 400 naming the invalid field
     * @onos.rsModel IntentSubmission
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response submitIntent(InputStream stream) {
        MpsdnIntent intent = codec(MpsdnIntent.class).decode(Bodies.object(mapper(), stream), this);
        MpsdnIntent stored = get(NorthboundAdminService.class).submitIntent(intent);
        return Response.created(uriInfo.getBaseUriBuilder().path("intents").path(stored.id()).build())
                .entity(codec(MpsdnIntent.class).encode(stored, this)).build();
    }

    /**
     * Withdraws an intent. Needs the admin role.
     *
     * @param intentId intent identifier
     * @return 204 NO CONTENT, 404 if unknown
     */
    @DELETE
    @Path("{intentId}")
    public Response withdrawIntent(@PathParam("intentId") String intentId) {
        if (!get(NorthboundAdminService.class).withdrawIntent(intentId)) {
            throw new ItemNotFoundException("intent " + intentId + " is unknown");
        }
        return Response.noContent().build();
    }
}
