package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.UeInfo;

/**
 * Lists the UEs, or shows one.
 */
@Service
@Command(scope = "onos", name = "mpsdn-ues",
        description = "Lists mpsdn UEs (how each was found: registered, detected, both or station; connections, "
                + "RSSI, PHY rate, primary, tier)")
public class UesCommand extends MpsdnCommand {

    @Argument(index = 0, name = "ueId", description = "UE to show", required = false)
    @Completion(UeIdCompleter.class)
    String ueId = null;

    @Override
    protected void doExecute() {
        listOrShow("UE", ueId, id -> northbound().ue(id), () -> northbound().ues(), UeInfo.class, Format::ue);
    }
}
