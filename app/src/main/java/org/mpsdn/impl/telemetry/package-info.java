/**
 * Controller side of the southbound AP agents: a gRPC poller that queries every configured
 * agent concurrently once per regulation cycle over mTLS, validates and clamps the reports,
 * and provides them as {@link org.mpsdn.api.telemetry.ApTelemetryService} together with the
 * staleness fail-safe (hold the last Tier-2 limit, then fail open towards capacity).
 * Nothing here needs the ONOS runtime.
 */
package org.mpsdn.impl.telemetry;
