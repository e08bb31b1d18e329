/**
 * Automatic multipath-user detection: groups TCP subflows into MPTCP connections (by the tokens
 * derived from MP_CAPABLE keys and carried in MP_JOIN) and the client addresses behind them into
 * users, merged with static registration and AP station lists. Pure Java, no ONOS import; the
 * ONOS glue feeds it punted packets, rule removals, flow activity and station lists through the
 * façade {@link org.mpsdn.mptcp.MultipathUserTracker}. Subpackage {@code wire} decodes frames.
 */
package org.mpsdn.mptcp;
