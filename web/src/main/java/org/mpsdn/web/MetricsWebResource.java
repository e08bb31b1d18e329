package org.mpsdn.web;

import io.prometheus.client.exporter.common.TextFormat;
import org.mpsdn.web.metrics.MpsdnMetrics;
import org.onosproject.rest.AbstractWebResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Response;

/**
 * Prometheus metrics of the app in the text exposition format 0.0.4.
 */
@Path("metrics")
public class MetricsWebResource extends AbstractWebResource {

    /**
     * Returns the metrics for Prometheus to scrape.
     * Occupancy ratios, Tier-2 limits, flow counts, cycle durations, poll errors, fail-safe state, meter swaps,
     * UEs by source and the multipath-user detection's counters.
     *
     * @return 200 OK with the text format
     */
    @GET
    @Produces(TextFormat.CONTENT_TYPE_004)
    public Response getMetrics() {
        return Response.ok(get(MpsdnMetrics.class).scrape(), TextFormat.CONTENT_TYPE_004).build();
    }
}
