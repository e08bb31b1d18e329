package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.MpsdnIntent;

/**
 * Lists intents with their install state, or shows one.
 */
@Service
@Command(scope = "onos", name = "mpsdn-intents", description = "Lists mpsdn intents and their install state")
public class IntentsCommand extends MpsdnCommand {

    @Argument(index = 0, name = "intentId", description = "intent to show", required = false)
    @Completion(IntentIdCompleter.class)
    String intentId = null;

    @Override
    protected void doExecute() {
        listOrShow("intent", intentId, id -> northbound().intent(id), () -> northbound().intents(),
                MpsdnIntent.class, Format::intent);
    }
}
