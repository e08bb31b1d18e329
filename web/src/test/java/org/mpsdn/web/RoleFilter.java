package org.mpsdn.web;

import javax.annotation.Priority;
import javax.ws.rs.Priorities;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Stands in for the servlet container's BASIC authentication: the roles of the request come
 * from the {@value #HEADER} header (comma separated), none when it is absent.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class RoleFilter implements ContainerRequestFilter {
    /** Header carrying the test user's roles. */
    static final String HEADER = "X-Test-Roles";

    @Override
    public void filter(ContainerRequestContext ctx) {
        String h = ctx.getHeaderString(HEADER);
        Set<String> roles = h == null ? Set.of() : new HashSet<>(Arrays.asList(h.split(",")));
        ctx.setSecurityContext(new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return () -> "test";
            }

            @Override
            public boolean isUserInRole(String role) {
                return roles.contains(role);
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return BASIC_AUTH;
            }
        });
    }
}
