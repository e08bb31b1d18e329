/**
 * Per-AP, per-direction Tier-2 meters and their make-before-break rate steps.
 */
package org.mpsdn.impl.meter;
