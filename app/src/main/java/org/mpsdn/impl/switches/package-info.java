/**
 * The AP switches the app manages: the AP directory from the netcfg, the reconciliation of each
 * switch's fixed rules and meters (and the cleanup of leftovers), and the first packets of new
 * flows punted from the AP switches.
 */
package org.mpsdn.impl.switches;
