/**
 * Multipath-user detection: the MPTCP tracker fed by the punted handshakes, the per-flow rules'
 * activity and removals and the APs' station lists, merged each cycle with the registered UEs.
 */
package org.mpsdn.impl.detect;
