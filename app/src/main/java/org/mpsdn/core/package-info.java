/**
 * The Regulation Center of MP-SDN: pure Java, no ONOS import (a unit test enforces it).
 *
 * <p>Entry point: {@link org.mpsdn.core.RegulationCenter#cycle}, which runs Algorithm 1 (flow
 * categorization) and Algorithm 2 (bandwidth regulation) on a
 * {@link org.mpsdn.core.model.NetworkSnapshot} and returns a {@link org.mpsdn.core.CycleResult}.
 * Sub-packages: {@code model} (validated value types and the snapshot), {@code throughput}
 * (Eq. 1-3), {@code categorize} (Algorithm 1, deadlock breakers, tier rule), {@code regulate}
 * (Algorithm 2 / Eq. 4).</p>
 */
package org.mpsdn.core;
