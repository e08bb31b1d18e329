package org.mpsdn.web;

import org.onlab.util.ItemNotFoundException;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;

/**
 * The mpsdn page: APs and UEs with tiers, primaries, limits and deciding signals, the detection
 * state and per-AP charts, read live from this REST API. It is served from the web bundle
 * ({@code WEB-INF/classes/ui/}) as ONOS 2.7.0 serves its own API docs page from its web bundle
 * ({@code web/api/src/main/java/org/onosproject/rest/resources/ApiDocResource.java}: class-path
 * files through a JAX-RS resource, {@code /docs} redirected to {@code /docs/}), so it works under
 * GUI2 and the legacy GUI alike and needs nothing outside the app. It is protected like every
 * other resource of the bundle: BASIC login (web.xml) and the viewer role (AuthorizationFilter).
 */
@Path("ui")
public class UiWebResource extends AbstractWebResource {

    /** Class-path folder of the page's files. */
    static final String FOLDER = "ui/";

    /** The page's files and their content types; no other name is served. */
    static final Map<String, String> FILES = Map.of(
            "index.html", "text/html; charset=utf-8",
            "mpsdn.css", "text/css; charset=utf-8",
            "mpsdn-model.js", "text/javascript; charset=utf-8",
            "mpsdn-charts.js", "text/javascript; charset=utf-8",
            "mpsdn.js", "text/javascript; charset=utf-8");

    /** Only this origin's files and API; no framing (as ONOS's API docs page). */
    static final String CSP = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'";

    @Context
    private UriInfo uriInfo;

    /**
     * Returns the page.
     * The page is at ui/ (with the slash, so that its files and the API resolve relative to it);
     * ui redirects there.
     *
     * @return 200 OK with the page, 307 to ui/ without the slash
     */
    @GET
    public Response page() {
        if (!uriInfo.getPath().endsWith("/")) {
            return Response.temporaryRedirect(URI.create(uriInfo.getPath() + "/")).build();
        }
        return file("index.html");
    }

    /**
     * Returns one file of the page.
     *
     * @param file name of the file (index.html, mpsdn.css, mpsdn-model.js, mpsdn-charts.js, mpsdn.js)
     * @return 200 OK with the file, 404 if the page has no such file
     */
    @GET
    @Path("{file}")
    public Response file(@PathParam("file") String file) {
        String type = FILES.get(file);
        InputStream in = type == null ? null
                : UiWebResource.class.getClassLoader().getResourceAsStream(FOLDER + file);
        if (in == null) {
            throw new ItemNotFoundException("file: the page has no file '" + file + "' (files: "
                    + String.join(", ", new java.util.TreeSet<>(FILES.keySet())) + ")");
        }
        return Response.ok(in, type).header("Content-Security-Policy", CSP)
                .header("Cache-Control", "no-cache").build();
    }
}
