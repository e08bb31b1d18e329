package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfChannel;
import org.mpsdn.lab.host.openflow.OfTranslator;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Packet service on the OpenFlow southbound: PACKET_IN goes to the processors by priority,
 * emitted packets leave as PACKET_OUT, and packet requests become punt-to-controller rules.
 */
public final class LabPacketService extends PacketServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(LabPacketService.class);

    /** A processor with its priority. */
    private static final class Entry {
        final PacketProcessor processor;
        final int priority;

        Entry(PacketProcessor processor, int priority) {
            this.processor = processor;
            this.priority = priority;
        }
    }

    /** A packet request kept to install on devices that connect later. */
    private static final class Request {
        final TrafficSelector selector;
        final PacketPriority priority;
        final ApplicationId appId;

        Request(TrafficSelector selector, PacketPriority priority, ApplicationId appId) {
            this.selector = selector;
            this.priority = priority;
            this.appId = appId;
        }
    }

    private final SwitchDirectory switches;
    private final LabFlowRuleService flows;
    private final LabDeviceService devices;
    private final List<Entry> processors = new CopyOnWriteArrayList<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicLong malformed = new AtomicLong();

    /**
     * Creates the service.
     *
     * @param switches connection lookup
     * @param flows    flow service used for punt rules
     * @param devices  device inventory
     */
    public LabPacketService(SwitchDirectory switches, LabFlowRuleService flows, LabDeviceService devices) {
        this.switches = switches;
        this.flows = flows;
        this.devices = devices;
    }

    /**
     * Frames from PACKET_IN that could not be parsed (ignored).
     *
     * @return count
     */
    public long malformedCount() {
        return malformed.get();
    }

    @Override
    public void addProcessor(PacketProcessor processor, int priority) {
        processors.add(new Entry(processor, priority));
        List<Entry> sorted = new ArrayList<>(processors);
        sorted.sort(Comparator.comparingInt(e -> e.priority));
        processors.clear();
        processors.addAll(sorted);
    }

    @Override
    public void removeProcessor(PacketProcessor processor) {
        processors.removeIf(e -> e.processor == processor);
    }

    @Override
    public void requestPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId) {
        Request r = new Request(selector, priority, appId);
        requests.add(r);
        devices.getDevices().forEach(d -> flows.applyFlowRules(puntRule(d.id(), r)));
    }

    @Override
    public void cancelPackets(TrafficSelector selector, PacketPriority priority, ApplicationId appId) {
        requests.removeIf(r -> r.selector.equals(selector) && r.priority == priority);
        devices.getDevices().forEach(d -> flows.removeFlowRules(
                puntRule(d.id(), new Request(selector, priority, appId))));
    }

    /**
     * Installs the punt rules of all packet requests on a device that just connected.
     *
     * @param deviceId device
     */
    public void deviceReady(DeviceId deviceId) {
        requests.forEach(r -> flows.applyFlowRules(puntRule(deviceId, r)));
    }

    /** The rule PacketManager installs for a packet request: punt + wipeDeferred, permanent, at the request's
     *  priority (core/net/.../packet/impl/PacketManager.java:369-381, {@code createBuilder}; the {@code default}
     *  driver's single-table pipeline puts the versatile objective in table 0). */
    private static FlowRule puntRule(DeviceId deviceId, Request r) {
        return DefaultFlowRule.builder().forDevice(deviceId).withSelector(r.selector)
                .withTreatment(DefaultTrafficTreatment.builder().punt().wipeDeferred().build())
                .withPriority(r.priority.priorityValue()).fromApp(r.appId).makePermanent().build();
    }

    @Override
    public void emit(OutboundPacket packet) {
        OfChannel c = switches.connection(packet.sendThrough());
        if (c == null) {
            return;
        }
        byte[] data = new byte[packet.data().remaining()];
        packet.data().duplicate().get(data);
        c.send(OfTranslator.packetOut(c.factory(), packet.treatment(), data));
    }

    /**
     * Dispatches a PACKET_IN to the processors.
     *
     * @param deviceId device it came from
     * @param pin      the packet-in message
     */
    public void packetIn(DeviceId deviceId, OFPacketIn pin) {
        byte[] data = pin.getData();
        Ethernet eth;
        try {
            eth = Ethernet.deserializer().deserialize(data, 0, data.length);
        } catch (DeserializationException | RuntimeException e) {
            malformed.incrementAndGet();
            return;
        }
        OFPort inPort = pin.getMatch().get(MatchField.IN_PORT);
        long portNo = inPort == null ? 0 : inPort.getPortNumber();
        ConnectPoint cp = new ConnectPoint(deviceId, PortNumber.portNumber(portNo));
        InboundPacket in = new DefaultInboundPacket(cp, eth, ByteBuffer.wrap(data));
        OutboundPacket out = new DefaultOutboundPacket(deviceId, null, ByteBuffer.wrap(data));
        DefaultPacketContext ctx = new DefaultPacketContext(System.currentTimeMillis(), in, out, false) {
            @Override
            public void send() {
                if (!block()) {
                    emit(new DefaultOutboundPacket(deviceId, treatmentBuilder().build(), ByteBuffer.wrap(data)));
                }
            }
        };
        for (Entry e : processors) {
            try {
                e.processor.process(ctx);
            } catch (RuntimeException ex) {
                LOG.warn("packet processor failed: {}", ex.toString());
            }
        }
    }
}
