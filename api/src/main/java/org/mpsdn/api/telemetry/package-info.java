/**
 * Telemetry from the AP/eNB agents as the regulation loop consumes it.
 * The ONOS integration reads it through {@link org.mpsdn.api.telemetry.ApTelemetryService};
 * the gRPC poller of the agent issue provides it.
 */
package org.mpsdn.api.telemetry;
