package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.UeInfo;

import java.util.List;
import java.util.Optional;

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
        List<UeInfo> ues;
        if (ueId != null) {
            Optional<UeInfo> ue = northbound().ue(ueId);
            if (ue.isEmpty()) {
                error("No UE %s", ueId);
                return;
            }
            ues = List.of(ue.get());
        } else {
            ues = northbound().ues();
        }
        if (outputJson()) {
            printJson(UeInfo.class, ues);
            return;
        }
        ues.forEach(u -> print("%s", Format.ue(u)));
    }
}
