package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.ApInfo;
import org.onosproject.cli.net.DeviceIdCompleter;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the APs, or shows one.
 */
@Service
@Command(scope = "onos", name = "mpsdn-aps", description = "Lists mpsdn APs (occupancy, Tier-2 limits, flows, agent)")
public class ApsCommand extends MpsdnCommand {

    @Argument(index = 0, name = "apId", description = "AP to show", required = false)
    @Completion(ApIdCompleter.class)
    String apId = null;

    @Option(name = "-d", aliases = "--device", description = "Only the AP behind this switch", required = false)
    @Completion(DeviceIdCompleter.class)
    String deviceId = null;

    @Override
    protected void doExecute() {
        List<ApInfo> aps = northbound().aps().stream()
                .filter(a -> apId == null || a.id().equals(apId))
                .filter(a -> deviceId == null || a.deviceId().equals(deviceId))
                .collect(Collectors.toList());
        if (apId != null && aps.isEmpty()) {
            error("No AP %s", apId);
            return;
        }
        printAll(ApInfo.class, aps, Format::ap);
    }
}
