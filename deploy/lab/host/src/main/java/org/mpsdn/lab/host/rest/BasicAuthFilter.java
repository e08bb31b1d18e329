package org.mpsdn.lab.host.rest;

import javax.annotation.Priority;
import javax.ws.rs.Priorities;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Principal;
import java.util.Base64;
import java.util.Set;

/**
 * Plays the part of ONOS's web container login ({@code BASIC}, realm karaf): one lab user with the viewer
 * and admin roles; no or wrong credentials give 401 with {code, message}. ONOS's own AuthorizationFilter,
 * part of the app's web application, then checks the roles.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public final class BasicAuthFilter implements ContainerRequestFilter {

    private static final Set<String> ROLES = Set.of("viewer", "admin");
    private final String user;
    private final byte[] expected;

    /**
     * Creates the filter.
     *
     * @param user     user name
     * @param password password
     */
    public BasicAuthFilter(String user, String password) {
        this.user = user;
        this.expected = ("Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void filter(ContainerRequestContext ctx) {
        String h = ctx.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (h == null || !MessageDigest.isEqual(expected, h.trim().getBytes(StandardCharsets.UTF_8))) {
            ctx.abortWith(Response.status(Response.Status.UNAUTHORIZED)
                    .header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"karaf\"")
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity("{\"code\":401,\"message\":\"authentication required\"}").build());
            return;
        }
        boolean secure = ctx.getSecurityContext() != null && ctx.getSecurityContext().isSecure();
        ctx.setSecurityContext(new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return () -> user;
            }

            @Override
            public boolean isUserInRole(String role) {
                return ROLES.contains(role);
            }

            @Override
            public boolean isSecure() {
                return secure;
            }

            @Override
            public String getAuthenticationScheme() {
                return BASIC_AUTH;
            }
        });
    }
}
