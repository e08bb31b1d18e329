/**
 * Immutable, validated model of one control domain as the Regulation Center sees it
 * (MP-SDN Section III-A): access points, user equipment, UE-to-AP connections and the
 * flows the SDN switches observe on them, gathered in a {@link org.mpsdn.core.model.NetworkSnapshot}.
 */
package org.mpsdn.core.model;
