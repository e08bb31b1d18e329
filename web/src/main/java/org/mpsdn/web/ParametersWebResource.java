package org.mpsdn.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.mpsdn.api.northbound.NorthboundService;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.InputStream;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Global regulation parameters (intervalMs, cth, alpha, rmKbps, deadlockBreaker, failOpenDelayMs,
 * flowIdleTimeoutSec, meterBurstMs, profile, tier1Threshold, meterLadderRatio, hysteresis). The answer's
 * {@value #IGNORED} object names each parameter the profile in force ignores, with the reason; it is read-only.
 * {@code profile} is the regulation
 * profile in force: the app's netcfg {@code profile} when it sets one (a PUT of another value is then refused), else
 * this parameter. {@code tier1Threshold} is what the mpsdn profile compares its Tier-1 station signal with,
 * in place of {@code cth}; {@code meterLadderRatio} the ratio between the rates of the pre-installed Tier-2 meters
 * (1: a new meter per limit).
 */
@Path("parameters")
public class ParametersWebResource extends AbstractWebResource {
    /** Field of the answer naming the parameters the profile in force ignores. */
    static final String IGNORED = "ignored";

    private ObjectNode encode(Map<String, String> values) {
        ObjectNode n = encodeValues(values);
        ObjectNode ignored = n.putObject(IGNORED);
        get(NorthboundService.class).ignoredParameters().forEach(ignored::put);
        return n;
    }

    private ObjectNode encodeValues(Map<String, String> values) {
        ObjectNode n = mapper().createObjectNode();
        values.forEach((k, v) -> {
            try {
                if (v.matches("-?\\d+")) {
                    n.put(k, Long.parseLong(v));
                } else if (v.matches("-?\\d+(\\.\\d+)?([eE]-?\\d+)?")) {
                    n.put(k, Double.parseDouble(v));
                } else {
                    n.put(k, v);
                }
            } catch (NumberFormatException e) {
                n.put(k, v);
            }
        });
        return n;
    }

    /**
     * Shows the parameters in force, and in "ignored" those the profile in force ignores (name to reason).
     *
     * @return 200 OK with the parameters
     * @onos.rsModel Parameters
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getParameters() {
        return ok(encode(get(NorthboundService.class).parameters())).build();
    }

    /**
     * Sets some parameters; all are validated first and none is applied if one is invalid.
     * Needs the admin role.
     *
     * @param stream JSON object of name to value
     * @return 200 OK with the parameters in force, 400 naming the first invalid parameter
     * @onos.rsModel Parameters
     */
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response setParameters(InputStream stream) {
        ObjectNode body = Bodies.object(mapper(), stream);
        if (body.size() == 0) {
            throw new IllegalArgumentException("body: name at least one parameter");
        }
        Map<String, String> values = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = body.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (IGNORED.equals(e.getKey())) {
                throw new IllegalArgumentException(IGNORED + ": read-only (the parameters the profile in force"
                        + " ignores); leave it out");
            }
            JsonNode v = e.getValue();
            if (v == null || v.isNull()) {
                throw new IllegalArgumentException(e.getKey() + ": must not be null");
            }
            if (!v.isValueNode()) {
                throw new IllegalArgumentException(e.getKey() + ": must be a number or a string");
            }
            if (v.asText().trim().isEmpty()) {
                // ONOS's component configuration treats an empty value as "not set": it would be ignored
                throw new IllegalArgumentException(e.getKey() + ": must not be empty");
            }
            values.put(e.getKey(), v.asText());
        }
        return ok(encode(get(NorthboundAdminService.class).setParameters(values))).build();
    }
}
