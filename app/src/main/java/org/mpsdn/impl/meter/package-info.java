/**
 * Per-AP, per-direction Tier-2 meters and their rate steps: on a pre-installed meter ladder (a re-point of the
 * table-1 rule, in force at once) or, with the ladder off, make-before-break on a fresh meter.
 */
package org.mpsdn.impl.meter;
