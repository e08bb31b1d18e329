package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ManagedFlow;

import java.util.Locale;

/**
 * Lists managed flows, filtered by AP, UE and tier.
 */
@Service
@Command(scope = "onos", name = "mpsdn-flows", description = "Lists flows managed by mpsdn on this instance")
public class FlowsCommand extends MpsdnCommand {

    @Option(name = "-a", aliases = "--ap", description = "AP id", required = false)
    @Completion(ApIdCompleter.class)
    String apId = null;

    @Option(name = "-u", aliases = "--ue", description = "UE id", required = false)
    @Completion(UeIdCompleter.class)
    String ueId = null;

    @Option(name = "-t", aliases = "--tier", description = "tier1 or tier2", required = false)
    String tier = null;

    @Override
    protected void doExecute() {
        Tier t = null;
        if (tier != null) {
            try {
                t = Tier.valueOf(tier.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                error("tier: must be tier1 or tier2, was '%s'", tier);
                return;
            }
        }
        printAll(ManagedFlow.class, northbound().flows(apId, ueId, t), Format::flow);
    }
}
