/**
 * ONOS integration of the regulation app: the mastership-partitioned control loop, per-flow
 * tier rules and per-AP meters at the AP switches, and the app lifecycle.
 */
package org.mpsdn.impl;
