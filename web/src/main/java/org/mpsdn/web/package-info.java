/**
 * REST API of the mpsdn app (web context {@code /onos/mpsdn}): APs, UEs, flows, parameters,
 * intents and Prometheus metrics. Reads need the ONOS viewer role, writes the admin role.
 */
package org.mpsdn.web;
