package org.mpsdn.lab.host.rest;

import javax.ws.rs.GET;
import javax.ws.rs.NotFoundException;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;

/**
 * Serves the API document that onos-maven-plugin generated into the web bundle
 * ({@code WEB-INF/classes/apidoc/swagger.json}, Swagger/OpenAPI 2.0), as ONOS's API docs page reads it.
 */
@Path("swagger.json")
public class ApiDocResource {

    /** Class-path location of the document inside the bundle's classes. */
    static final String DOC = "apidoc/swagger.json";

    /**
     * Returns the document.
     *
     * @return 200 with the JSON document
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response doc() {
        InputStream in = ApiDocResource.class.getClassLoader().getResourceAsStream(DOC);
        if (in == null) {
            throw new NotFoundException(DOC + " is not on the class path");
        }
        return Response.ok(in, MediaType.APPLICATION_JSON_TYPE).build();
    }
}
