/**
 * Congestion signals of Algorithm 2: what the AIMD step of each AP and direction compares with
 * CTh. {@link org.mpsdn.core.signal.SignalKind#AP} is the paper's MacOcc exactly as published;
 * {@link org.mpsdn.core.signal.SignalKind#TIER1} reads the queues of the stations that carry
 * only Tier-1 traffic (see docs/regulation.md). Every signal is in [0, 1].
 */
package org.mpsdn.core.signal;
