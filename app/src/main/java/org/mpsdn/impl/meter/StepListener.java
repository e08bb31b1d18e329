package org.mpsdn.impl.meter;

/**
 * Told by the {@link MeterStepper} about steps that wait too long and about faults of an AP's steps.
 */
public interface StepListener {
    /**
     * A step's meter was not confirmed within {@link MeterStepper#CONFIRM_LATE_MS}.
     *
     * @param apId AP id
     */
    void late(String apId);

    /**
     * Checking an AP's step threw (the other APs' steps are still checked).
     *
     * @param apId AP id
     * @param e    the exception
     */
    void fault(String apId, RuntimeException e);
}
