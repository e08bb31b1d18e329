package org.mpsdn.lab.host;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.Device;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;

import java.util.ArrayList;
import java.util.List;

/**
 * The lab's trivial forwarding: on every two-port bridge (server side, AP side) the two ports are
 * cross-connected at the lowest priority. The paper's switch sits on the path between server and AP;
 * mpsdn's own per-flow rules (higher priority) only classify and meter on top of this.
 */
public final class PortForwarding {

    /** Priority of the cross-connect rules (below everything the app installs). */
    public static final int PRIORITY = 1;

    private final FlowRuleService flows;
    private final ApplicationId appId;

    /**
     * Creates the forwarding component.
     *
     * @param devices device service (forwarding starts for every device that comes up)
     * @param flows   flow rule service
     * @param appId   application id of the lab forwarding
     */
    public PortForwarding(DeviceService devices, FlowRuleService flows, ApplicationId appId) {
        this.flows = flows;
        this.appId = appId;
        devices.addListener(ev -> {
            if (ev.type() == DeviceEvent.Type.DEVICE_ADDED) {
                install(ev.subject(), devices.getPorts(ev.subject().id()));
            }
        });
        devices.getDevices().forEach(d -> install(d, devices.getPorts(d.id())));
    }

    private void install(Device d, List<Port> ports) {
        List<PortNumber> nums = new ArrayList<>();
        ports.forEach(p -> nums.add(p.number()));
        if (nums.size() != 2) {
            return;
        }
        flows.applyFlowRules(cross(d, nums.get(0), nums.get(1)), cross(d, nums.get(1), nums.get(0)));
    }

    private FlowRule cross(Device d, PortNumber in, PortNumber out) {
        return DefaultFlowRule.builder().forDevice(d.id()).fromApp(appId).withPriority(PRIORITY).makePermanent()
                .withSelector(DefaultTrafficSelector.builder().matchInPort(in).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(out).build()).build();
    }
}
