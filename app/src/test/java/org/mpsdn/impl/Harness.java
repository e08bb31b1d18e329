package org.mpsdn.impl;

import org.mpsdn.impl.store.DistributedRegulationStore;
import org.onlab.junit.TestUtils;
import org.onlab.packet.Ethernet;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.event.EventDeliveryServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.store.service.TestStorageService;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One ONOS instance running the manager against shared (cluster-wide) flow, meter, config and
 * store fakes, plus its own mastership view.
 */
final class Harness {
    static final ApplicationId APP = new DefaultApplicationId(7, RegulationManager.APP_NAME);
    static final DeviceId DEV1 = DeviceId.deviceId("of:0000000000000001");
    static final DeviceId DEV2 = DeviceId.deviceId("of:0000000000000002");
    static final String CONFIG = "{\"aps\": ["
            + "{\"id\": \"wifi1\", \"kind\": \"wifi\", \"deviceId\": \"of:0000000000000001\", \"apPort\": 1,"
            + " \"uplinkPort\": 2, \"capacityKbps\": 54000, \"agent\": \"10.0.0.1:50051\","
            + " \"directions\": [\"downlink\", \"uplink\"]},"
            + "{\"id\": \"lte1\", \"kind\": \"lte\", \"deviceId\": \"of:0000000000000002\", \"apPort\": 3,"
            + " \"uplinkPort\": 4, \"capacityKbps\": 20000, \"agent\": \"10.0.0.2:50051\","
            + " \"directions\": [\"downlink\"]}],"
            + " \"ues\": [{\"id\": \"ue1\", \"interfaces\": [{\"ip\": \"10.0.1.2\"}, {\"ip\": \"10.0.2.2\"}]}]}";

    final FakeFlowRuleService flows;
    final FakeMeterService meters;
    final FakeConfigRegistry netcfg;
    final SharedStorageService storage;
    final DistributedRegulationStore store;
    final FakeMastershipService mastership = new FakeMastershipService();
    /** The cluster's leadership, shared by the peers. */
    final FakeCluster cluster;
    /** This instance's node id. */
    final NodeId node;
    final FakeTelemetry telemetry = new FakeTelemetry();
    final ScriptedEngine engine = new ScriptedEngine();
    final AtomicLong now = new AtomicLong(1_000_000L);
    final List<PacketProcessor> processors = new ArrayList<>();
    private final List<Integer> priorities = new ArrayList<>();
    Runnable deactivateHook;
    /** Deliver the manager's events to its listeners (on the posting thread). */
    boolean deliverEvents;
    /** Run the production engine (the pure core) instead of the scripted one. */
    boolean realCore;
    /** Activate without meter ladders: make-before-break steps at the exact target (meterLadderRatio 1). */
    boolean noLadder;
    RegulationManager manager;

    Harness() {
        this(new FakeFlowRuleService(), new FakeMeterService(), new FakeConfigRegistry(), new SharedStorageService(),
                new FakeCluster(), NodeId.nodeId("n1"));
        netcfg.config = FakeConfigRegistry.parse(APP, CONFIG);
    }

    Harness(FakeFlowRuleService flows, FakeMeterService meters, FakeConfigRegistry netcfg,
            SharedStorageService storage, FakeCluster cluster, NodeId node) {
        this.cluster = cluster;
        this.node = node;
        this.flows = flows;
        this.meters = meters;
        this.netcfg = netcfg;
        this.storage = storage;
        this.store = newStore(storage);
        if (flows.clock == null) {
            flows.clock = now::get;
        }
        if (meters.clock == null) {
            meters.clock = now::get;
        }
    }

    private static final AtomicLong NODES = new AtomicLong(1);

    /**
     * Another ONOS instance of the same cluster: same network, same distributed maps and leadership, own
     * mastership and node id.
     */
    Harness peer() {
        Harness p = new Harness(flows, meters, netcfg, storage, cluster,
                NodeId.nodeId("n" + NODES.incrementAndGet()));
        p.noLadder = noLadder;
        return p;
    }

    /**
     * Steps make-before-break at the exact target instead of on the meter ladder (the product default): for
     * the tests of those steps' meter mechanics (exact rates, one meter per step, ONOS's races).
     */
    Harness withoutLadder() {
        noLadder = true;
        return this;
    }

    static DistributedRegulationStore newStore(TestStorageService storage) {
        DistributedRegulationStore s = new DistributedRegulationStore();
        TestUtils.setField(s, "storageService", storage);
        TestUtils.callMethod(s, "activate", new Class<?>[]{});
        return s;
    }

    Harness master(DeviceId... devices) {
        for (DeviceId d : devices) {
            mastership.mastered.add(d);
        }
        return this;
    }

    static Dictionary<String, Object> props(Object... kv) {
        Dictionary<String, Object> d = new Hashtable<>();
        d.put(OsgiPropertyConstants.INTERVAL_MS, "3600000");
        for (int i = 0; i < kv.length; i += 2) {
            d.put((String) kv[i], kv[i + 1]);
        }
        return d;
    }

    /**
     * Registers a packet processor as ONOS's PacketManager does (PacketManager.java:169, 2.7.0): after
     * every processor of a lower or equal priority value, so equal priorities keep registration order.
     */
    void addProcessor(PacketProcessor processor, int priority) {
        int i = 0;
        while (i < priorities.size() && priority >= priorities.get(i)) {
            i++;
        }
        processors.add(i, processor);
        priorities.add(i, priority);
    }

    Harness activate(Object... kv) {
        manager = new RegulationManager();
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name, Runnable hook) {
                deactivateHook = hook;
                return APP;
            }

            @Override
            public ApplicationId registerApplication(String name) {
                return APP;
            }
        };
        manager.configRegistry = netcfg;
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.flowRuleService = flows;
        manager.meterService = meters;
        manager.packetService = new PacketServiceAdapter() {
            @Override
            public void addProcessor(PacketProcessor processor, int priority) {
                Harness.this.addProcessor(processor, priority);
            }

            @Override
            public void removeProcessor(PacketProcessor processor) {
                int i = processors.indexOf(processor);
                if (i >= 0) {
                    processors.remove(i);
                    priorities.remove(i);
                }
            }
        };
        manager.mastershipService = mastership;
        manager.leadershipService = cluster.leadership(node);
        manager.clusterService = FakeCluster.clusterService(node);
        manager.clusterCommunicationService = cluster.messaging(node);
        manager.store = store;
        manager.ladderStore = store;
        manager.telemetryService = telemetry;
        manager.engine = realCore ? null : engine;
        manager.clock = now::get;
        TestUtils.setField(manager, "eventDispatcher",
                deliverEvents ? new SyncEventDelivery() : new EventDeliveryServiceAdapter());
        Dictionary<String, Object> props = props(kv);
        if (noLadder && props.get(OsgiPropertyConstants.METER_LADDER_RATIO) == null) {
            props.put(OsgiPropertyConstants.METER_LADDER_RATIO, "1");
        }
        manager.start(props);
        manager.loop().settle();
        return this;
    }

    void deactivate() {
        manager.deactivate();
    }

    void cycle() {
        manager.runCycleNow();
        settle();
    }

    /**
     * Runs the loop until it is idle, with the meter-stats replies that withdrawals forced arriving
     * in between (ONOS processes them a few milliseconds after the withdrawal).
     */
    void settle() {
        do {
            manager.loop().settle();
        } while (meters.deliverForced());
    }

    /** Lets simulated time pass: the flow-stats and meter-stats polls due by then run, the loop settles. */
    void advance(long millis) {
        now.addAndGet(millis);
        flows.catchUp();
        meters.catchUp();
        settle();
    }

    /** A meter-stats poll of ONOS now (its METER_ADDED events reach the loop). */
    void meterStatsPoll() {
        meters.tick();
        settle();
    }

    /** A packet context that records what the app sent. */
    static final class SentPacket extends DefaultPacketContext {
        TrafficTreatment sent;

        SentPacket(ConnectPoint in, Ethernet eth) {
            this(in, eth, eth.serialize());
        }

        SentPacket(ConnectPoint in, Ethernet eth, byte[] raw) {
            super(0, new DefaultInboundPacket(in, eth, ByteBuffer.wrap(raw)),
                    new DefaultOutboundPacket(in.deviceId(), null, ByteBuffer.wrap(eth.serialize())), false);
        }

        @Override
        public void send() {
            if (!block()) {
                sent = treatmentBuilder().build();
            }
        }
    }

    SentPacket packetIn(DeviceId device, long port, Ethernet eth) {
        return packetIn(device, port, eth, eth.serialize());
    }

    /** A packet-in whose raw bytes (as the switch sent them) differ from the re-serialised frame. */
    SentPacket packetIn(DeviceId device, long port, Ethernet eth, byte[] raw) {
        SentPacket ctx = new SentPacket(new ConnectPoint(device, PortNumber.portNumber(port)), eth, raw);
        processors.forEach(p -> p.process(ctx));
        return ctx;
    }
}
