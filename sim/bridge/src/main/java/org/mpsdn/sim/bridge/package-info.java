/**
 * The Java side of the ns-3 bridge: runs the real MP-SDN Regulation Center
 * ({@link org.mpsdn.core.RegulationCenter}) for the ns-3 scenario in sim/, one request per line
 * of JSON on stdin and one answer per line on stdout (protocol v1, see sim/README.md).
 */
package org.mpsdn.sim.bridge;
