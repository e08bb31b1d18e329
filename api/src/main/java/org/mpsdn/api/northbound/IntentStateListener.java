package org.mpsdn.api.northbound;

/**
 * Receives later changes of an installed intent's state from its installer: the enforcing
 * component lost it (FAILED with a reason) or applies it again (INSTALLED).
 */
@FunctionalInterface
public interface IntentStateListener {

    /**
     * The state of one version of an intent changed.
     *
     * @param intentId intent id
     * @param version  version the outcome is about; an outcome for another version is ignored
     * @param outcome  acknowledged (installed) or failed with a reason
     */
    void stateChanged(String intentId, long version, InstallOutcome outcome);
}
