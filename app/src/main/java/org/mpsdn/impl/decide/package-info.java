/**
 * The decision step of a cycle: the seam between the ONOS glue and the pure regulation core.
 * What one cycle sees (APs, occupancy, current limits, flows, UEs, previous primaries, operator
 * policies), its adaptation into the core's network snapshot, and what the core decides (tier per
 * flow, Tier-2 limit per AP and direction, primaries, unmet policies).
 */
package org.mpsdn.impl.decide;
