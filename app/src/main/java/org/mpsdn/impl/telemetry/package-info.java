/**
 * Controller side of the southbound AP agents: a gRPC poller that queries every configured
 * agent concurrently once per regulation cycle over mTLS, validates and clamps the reports,
 * and provides them as {@link org.mpsdn.api.telemetry.ApTelemetryService} with each AP's count
 * of missed cycles (what the loop does about a silent agent is the regulation component's one
 * fail-open rule). Nothing here but the component needs the ONOS runtime.
 */
package org.mpsdn.impl.telemetry;
