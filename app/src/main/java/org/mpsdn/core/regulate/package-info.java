/**
 * Algorithm 2 of MP-SDN (bandwidth regulation): the AIMD update of each AP's Tier-2 limit
 * per direction, driven by the MAC queue occupancy ratio.
 */
package org.mpsdn.core.regulate;
