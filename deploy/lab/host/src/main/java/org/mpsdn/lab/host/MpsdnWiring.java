package org.mpsdn.lab.host;

import org.mpsdn.lab.host.services.LabCoreService;
import org.mpsdn.lab.host.services.LabNetworkConfigService;
import org.mpsdn.lab.host.services.OpenFlowSouthbound;

import java.util.Map;

/**
 * Wires the app's real components (the classes that go into the .oar) to the lab's services.
 */
final class MpsdnWiring {

    private MpsdnWiring() {
    }

    static void activate(OpenFlowSouthbound sb, LabCoreService core, LabNetworkConfigService netcfg,
                         Map<String, String> opt) {
        throw new IllegalStateException("mode mpsdn: the app's ONOS components (org.mpsdn.impl) are not in this "
                                                + "build yet");
    }
}
