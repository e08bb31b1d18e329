package org.mpsdn.api.regulation;

/**
 * Administrative operations on the regulation app.
 */
public interface RegulationAdminService extends RegulationService {

    /**
     * Runs one regulation cycle now, on the loop's thread, and waits for it.
     */
    void runCycleNow();

    /**
     * Removes an AP's Tier-2 limits: its meters are withdrawn and Tier 2 is unlimited
     * until the next cycle sets a new limit.
     *
     * @param apId AP identifier
     */
    void resetAp(String apId);
}
