package org.mpsdn.api.northbound;

import java.util.Map;

/**
 * Write side of the northbound API. Every method rejects bad input with an
 * {@link IllegalArgumentException} whose message starts with the offending field.
 */
public interface NorthboundAdminService extends NorthboundService {

    /**
     * Validates all given parameters and applies them together (none if one is invalid).
     *
     * @param values parameter name to value
     * @return the parameters in force afterwards
     * @throws IllegalArgumentException naming the first unknown or invalid parameter
     */
    Map<String, String> setParameters(Map<String, String> values);

    /**
     * Replaces the per-AP overrides of an AP (an empty override clears them).
     *
     * @param apId     AP id
     * @param override new overrides
     * @throws IllegalArgumentException if the AP is unknown or a value is invalid
     */
    void setApOverride(String apId, ApOverride override);

    /**
     * Registers (or replaces) a static UE.
     *
     * @param registration UE and its interfaces
     * @throws IllegalArgumentException naming the invalid field (address syntax, address owned by another UE)
     */
    void registerUe(UeRegistration registration);

    /**
     * Removes a static UE registration.
     *
     * @param ueId UE id
     * @return true if it was registered
     */
    boolean unregisterUe(String ueId);

    /**
     * Submits an intent (new, or a new version of an existing id). It is PENDING until the
     * installer of its kind reports the agent's answer.
     *
     * @param intent intent (its state, version and time are assigned here)
     * @return the stored intent
     * @throws IllegalArgumentException naming the invalid field (for example an unknown AP or UE)
     */
    MpsdnIntent submitIntent(MpsdnIntent intent);

    /**
     * Withdraws an intent: its installer is asked to remove it and it is forgotten.
     *
     * @param intentId intent id
     * @return true if it existed
     */
    boolean withdrawIntent(String intentId);
}
