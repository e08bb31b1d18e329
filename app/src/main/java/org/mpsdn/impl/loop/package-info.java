/**
 * The regulation loop: one scheduled thread per ONOS instance (no overlapping cycles, rescheduled
 * when the interval changes), the orchestration of one cycle over the APs this instance masters,
 * and the one fail-open rule.
 */
package org.mpsdn.impl.loop;
