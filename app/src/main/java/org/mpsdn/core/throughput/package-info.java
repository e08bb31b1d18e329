/**
 * Achievable-throughput models of MP-SDN Section III-C: Wi-Fi packet-level fairness with a
 * collision factor (Eq. 1-2) and LTE proportional fairness with quality-dependent weights
 * (Eq. 3), evaluated per AP incrementally through {@link org.mpsdn.core.throughput.ApLoad}.
 */
package org.mpsdn.core.throughput;
