package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;

/**
 * Withdraws an intent.
 */
@Service
@Command(scope = "onos", name = "mpsdn-intent-remove", description = "Withdraws an mpsdn intent")
public class IntentRemoveCommand extends MpsdnCommand {

    @Argument(index = 0, name = "intentId", description = "intent to withdraw", required = true)
    @Completion(IntentIdCompleter.class)
    String intentId = null;

    @Override
    protected void doExecute() {
        if (northbound().withdrawIntent(intentId)) {
            print("Withdrew %s", intentId);
        } else {
            error("No intent %s", intentId);
        }
    }
}
