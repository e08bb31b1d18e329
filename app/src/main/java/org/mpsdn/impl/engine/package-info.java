/**
 * The seam between the ONOS glue and the pure regulation core: what one cycle sees
 * (APs, occupancy, current limits, flows, previous primaries) and what it decides
 * (tier per flow, Tier-2 limit per AP and direction, primaries).
 */
package org.mpsdn.impl.engine;
