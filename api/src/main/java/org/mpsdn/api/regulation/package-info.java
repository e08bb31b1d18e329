/**
 * ONOS-facing service interfaces of the regulation app: per-AP regulation state
 * (Tier-2 limits, meters, last occupancy), primary choices, events and the store
 * that shares them across an ONOS cluster.
 */
package org.mpsdn.api.regulation;
