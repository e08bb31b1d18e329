package org.mpsdn.api.northbound;

import java.util.concurrent.CompletionStage;

/**
 * Applies intents of one kind by talking to the component that enforces them (the eNB agent,
 * the MPTCP client agent, the regulation loop). Register an implementation as an OSGi service;
 * the intent manager calls it and records the acknowledged outcome as the intent's state.
 */
public interface IntentInstaller {

    /**
     * The kind of intents this installer applies.
     *
     * @return kind
     */
    IntentKind kind();

    /**
     * Installs (or updates) an intent. The stage completes when the agent answered.
     *
     * @param intent intent to install
     * @return outcome stage
     */
    CompletionStage<InstallOutcome> install(MpsdnIntent intent);

    /**
     * Removes an intent (back to the default behaviour).
     *
     * @param intent intent to remove
     * @return outcome stage
     */
    CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent);

    /**
     * Gives the installer a way to report later changes of intents it installed (for example a
     * pinned primary whose connection went away and came back). The default ignores it: such
     * an installer reports only through the stages of {@link #install(MpsdnIntent)}.
     *
     * @param listener receiver of state changes, or null when the intent manager lets go of
     *                 the installer
     */
    default void setStateListener(IntentStateListener listener) {
    }
}
