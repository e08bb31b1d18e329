/**
 * Northbound view of the regulation app for REST, CLI, GUI and metrics: read models of APs,
 * UEs and flows, operator writes (parameters, per-AP overrides, static UE registration) and
 * intents whose state follows what the agents acknowledged.
 */
package org.mpsdn.api.northbound;
