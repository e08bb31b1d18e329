/**
 * OpenFlow rules the app installs at the AP switches: per-flow tier rules (table 0),
 * one metered rule per regulated direction (table 1), punt and base forwarding rules.
 */
package org.mpsdn.impl.flow;
