package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfSwitchConnection;
import org.mpsdn.lab.host.openflow.OfSwitchListener;
import org.onlab.packet.ChassisId;
import org.onlab.packet.Ethernet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.provider.ProviderId;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFFlowRemoved;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortFeatures;
import org.projectfloodlight.openflow.protocol.OFPortState;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Glue between OpenFlow switch connections and the in-memory ONOS services: device up/down, PACKET_IN,
 * FLOW_REMOVED, ERROR, and periodic flow and meter statistics at the periods of a {@link SouthboundTiming}
 * (ONOS 2.7.0's by default).
 */
public final class OpenFlowSouthbound implements OfSwitchListener, SwitchDirectory {

    private static final Logger LOG = LoggerFactory.getLogger(OpenFlowSouthbound.class);
    private static final ProviderId PID = new ProviderId("of", "org.mpsdn.lab.host");

    private final Map<DeviceId, OfSwitchConnection> connections = new ConcurrentHashMap<>();
    private final SouthboundTiming timing;
    private final LabDeviceService devices = new LabDeviceService();
    private final LabFlowRuleService flows;
    private final LabMeterService meters;
    private final LabPacketService packets;
    private final AtomicLong errors = new AtomicLong();
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "of-stats");
        t.setDaemon(true);
        return t;
    });

    /**
     * Creates the southbound with ONOS 2.7.0 timing ({@link SouthboundTiming#onos(long)}, a random seed).
     */
    public OpenFlowSouthbound() {
        this(SouthboundTiming.onos(System.nanoTime()));
    }

    /**
     * Creates the southbound.
     *
     * @param timing ONOS or fast semantics and the statistics periods
     */
    public OpenFlowSouthbound(SouthboundTiming timing) {
        this.timing = timing;
        this.flows = new LabFlowRuleService(this, timing, System::currentTimeMillis);
        this.meters = new LabMeterService(this, timing);
        this.packets = new LabPacketService(this, flows, devices);
        LOG.info("southbound timing: {}", timing);
    }

    /**
     * The ONOS device id of an OpenFlow datapath ("of:" + 16 hex digits, as ONOS names them).
     *
     * @param dpid datapath id
     * @return device id
     */
    public static DeviceId deviceId(org.projectfloodlight.openflow.types.DatapathId dpid) {
        return DeviceId.deviceId(String.format("of:%016x", dpid.getLong()));
    }

    /**
     * Starts periodic flow and meter statistics polling at the timing's periods (as ONOS's
     * {@code FlowStatsCollector} and {@code MeterStatsCollector} do per switch).
     */
    public void startStats() {
        poller.scheduleWithFixedDelay(this::pollFlowStats, timing.flowStatsMs(), timing.flowStatsMs(),
                                      TimeUnit.MILLISECONDS);
        poller.scheduleWithFixedDelay(this::pollMeterStats, timing.meterStatsMs(), timing.meterStatsMs(),
                                      TimeUnit.MILLISECONDS);
    }

    /**
     * Installs the ARP punt of ONOS's host provider on every switch if the timing says the OpenFlow suite
     * {@code org.onosproject.openflow} is active: {@code HostLocationProvider.requestIntercepts} requests ARP
     * at {@code PacketPriority.CONTROL} = 40000 ({@code requestArp} true by default; providers/host/.../
     * HostLocationProvider.java:265-273, core/api/.../packet/PacketPriority.java:27), which PacketManager
     * installs on every switch as punt + wipeDeferred.
     *
     * @param packetManagerApp application id of ONOS's core ({@code org.onosproject.core}), which owns the rule
     * @return true if the punt was requested
     */
    public boolean requestHostProviderArp(ApplicationId packetManagerApp) {
        if (!timing.arpPunt()) {
            return false;
        }
        packets.requestPackets(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_ARP).build(),
                               PacketPriority.CONTROL, packetManagerApp);
        return true;
    }

    /**
     * The timing this southbound runs with.
     *
     * @return timing
     */
    public SouthboundTiming timing() {
        return timing;
    }

    /**
     * Stops the poller.
     */
    public void stop() {
        poller.shutdownNow();
        connections.values().forEach(OfSwitchConnection::close);
    }

    /**
     * Device inventory.
     *
     * @return device service
     */
    public LabDeviceService deviceService() {
        return devices;
    }

    /**
     * Flow rules.
     *
     * @return flow rule service
     */
    public LabFlowRuleService flowRuleService() {
        return flows;
    }

    /**
     * Meters.
     *
     * @return meter service
     */
    public LabMeterService meterService() {
        return meters;
    }

    /**
     * Packets.
     *
     * @return packet service
     */
    public LabPacketService packetService() {
        return packets;
    }

    /**
     * OpenFlow ERROR messages received.
     *
     * @return count
     */
    public long errorCount() {
        return errors.get();
    }

    @Override
    public OfSwitchConnection connection(DeviceId deviceId) {
        return connections.get(deviceId);
    }

    @Override
    public void switchReady(OfSwitchConnection sw) {
        DeviceId id = deviceId(sw.dpid());
        connections.put(id, sw);
        Device d = new DefaultDevice(PID, id, Device.Type.SWITCH, "Open vSwitch", "lab", "OpenFlow 1.3",
                                     sw.dpid().toString(), new ChassisId(sw.dpid().getLong()));
        List<Port> ports = new ArrayList<>();
        for (OFPortDesc p : sw.ports()) {
            if (p.getPortNo().equals(OFPort.LOCAL)) {
                continue;
            }
            PortNumber n = PortNumber.portNumber(p.getPortNo().getPortNumber(), p.getName());
            boolean up = !p.getState().contains(OFPortState.LINK_DOWN);
            long speed = p.getCurr().contains(OFPortFeatures.PF_10GB_FD) ? 10000 : 0;
            ports.add(new DefaultPort(d, n, up, Port.Type.COPPER, speed,
                                      DefaultAnnotations.builder().set("portName", p.getName()).build()));
        }
        LOG.info("device {} ready with {} ports", id, ports.size());
        devices.deviceUp(d, ports);
        flows.deviceReady(id);
        packets.deviceReady(id);
    }

    @Override
    public void switchGone(OfSwitchConnection sw) {
        DeviceId id = deviceId(sw.dpid());
        if (connections.remove(id, sw)) {
            meters.deviceGone(id);
            devices.deviceDown(id);
        }
    }

    @Override
    public void message(OfSwitchConnection sw, OFMessage msg) {
        DeviceId id = deviceId(sw.dpid());
        switch (msg.getType()) {
            case PACKET_IN:
                packets.packetIn(id, (OFPacketIn) msg);
                break;
            case FLOW_REMOVED:
                flows.flowRemoved(id, (OFFlowRemoved) msg);
                break;
            case ERROR:
                errors.incrementAndGet();
                boolean flow = flows.error(id, msg.getXid());
                boolean meter = !flow && meters.error(id, (OFErrorMsg) msg);
                LOG.warn("switch {} error (xid {}, flow batch {}, meter mod {}): {}", id, msg.getXid(), flow, meter,
                         (OFErrorMsg) msg);
                break;
            default:
                LOG.debug("ignored {} from {}", msg.getType(), id);
        }
    }

    /** One flow statistics request to every switch, each reply applied to the flow store. */
    void pollFlowStats() {
        for (Map.Entry<DeviceId, OfSwitchConnection> e : connections.entrySet()) {
            OfSwitchConnection c = e.getValue();
            try {
                List<OFStatsReply> fr = c.stats(c.factory().buildFlowStatsRequest()
                        .setTableId(TableId.ALL).setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY)
                        .setCookie(U64.ZERO).setCookieMask(U64.ZERO).setMatch(c.factory().buildMatch().build())
                        .build()).get(2, TimeUnit.SECONDS);
                List<OFFlowStatsEntry> fe = new ArrayList<>();
                fr.forEach(r -> fe.addAll(((OFFlowStatsReply) r).getEntries()));
                flows.updateStats(e.getKey(), fe);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception ex) {
                LOG.warn("flow stats poll of {} failed: {}", e.getKey(), ex.toString());
            }
        }
    }

    /** One meter statistics request to every switch, each reply applied to the meter store. */
    void pollMeterStats() {
        for (DeviceId id : connections.keySet()) {
            try {
                meters.pollStats(id).get(2, TimeUnit.SECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception ex) {
                LOG.warn("meter stats poll of {} failed: {}", id, ex.toString());
            }
        }
    }
}
