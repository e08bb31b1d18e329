package org.mpsdn.lab.host.services;

import org.mpsdn.lab.host.openflow.OfChannel;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.projectfloodlight.openflow.protocol.OFErrorMsg;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFFlowDeleteStrict;
import org.projectfloodlight.openflow.protocol.OFFlowMod;
import org.projectfloodlight.openflow.protocol.OFFlowModFlags;
import org.projectfloodlight.openflow.protocol.OFFlowModify;
import org.projectfloodlight.openflow.protocol.OFFlowRemoved;
import org.projectfloodlight.openflow.protocol.OFFlowRemovedReason;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsRequest;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMeterMod;
import org.projectfloodlight.openflow.protocol.OFMeterModCommand;
import org.projectfloodlight.openflow.protocol.OFMeterModFailedCode;
import org.projectfloodlight.openflow.protocol.OFMeterStats;
import org.projectfloodlight.openflow.protocol.OFMeterStatsRequest;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.match.Match;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A switch in memory with OpenFlow 1.3 flow-table and meter-table semantics, for the southbound's unit
 * tests: OFPFC_ADD replaces a flow with the same table, priority and match (counters from 0),
 * OFPFC_MODIFY (non-strict; here: every flow of the table with the same match) replaces instructions and
 * keeps counters, DELETE_STRICT removes table + priority + match and queues a FLOW_REMOVED (reason DELETE)
 * when the removed flow has SEND_FLOW_REM. Barriers answer at once unless held. Stats answer from the tables.
 */
final class SimulatedSwitch implements OfChannel {

    /** One flow of the table. */
    static final class Flow {
        final TableId table;
        final int priority;
        final Match match;
        final U64 cookie;
        final Set<OFFlowModFlags> flags;
        final int idleTimeout;
        final int hardTimeout;
        List<OFInstruction> instructions;
        long bytes;
        long packets;

        Flow(OFFlowMod m) {
            table = m.getTableId();
            priority = m.getPriority();
            match = m.getMatch();
            cookie = m.getCookie();
            flags = m.getFlags();
            idleTimeout = m.getIdleTimeout();
            hardTimeout = m.getHardTimeout();
            instructions = m.getInstructions();
        }

        boolean sameEntry(OFFlowMod m) {
            return table.equals(m.getTableId()) && priority == m.getPriority() && match.equals(m.getMatch());
        }
    }

    final DeviceId deviceId;
    final OFFactory factory = OFFactories.getFactory(OFVersion.OF_13);
    final List<OFMessage> sent = new ArrayList<>();
    final List<Flow> flows = new ArrayList<>();
    final Map<Long, OFMeterMod> meterTable = new LinkedHashMap<>();
    final List<OFFlowRemoved> flowRemoved = new ArrayList<>();
    final List<Long> statsRequests = new ArrayList<>();
    private final AtomicLong xids = new AtomicLong(100);
    private final List<CompletableFuture<OFMessage>> heldBarriers = new ArrayList<>();
    private boolean holdBarriers;
    private LongPredicate errors = x -> false;
    private Predicate<OFErrorMsg> meterErrors = e -> true;
    private boolean rejectFlowMods;

    SimulatedSwitch(DeviceId deviceId) {
        this.deviceId = deviceId;
    }

    /** Barriers wait for {@link #releaseBarriers()}. */
    void holdBarriers() {
        holdBarriers = true;
    }

    /** Answers every held barrier. */
    void releaseBarriers() {
        List<CompletableFuture<OFMessage>> b = new ArrayList<>(heldBarriers);
        heldBarriers.clear();
        b.forEach(f -> f.complete(factory.buildBarrierReply().build()));
    }

    /** Every following flow mod is answered with an ERROR (reported to the sink with its xid). */
    void rejectFlowMods(LongPredicate errorSink) {
        rejectFlowMods = true;
        errors = errorSink;
    }

    /** An ADD of an existing meter is answered with METER_EXISTS, reported to the sink. */
    void meterErrorsTo(Predicate<OFErrorMsg> sink) {
        meterErrors = sink;
    }

    /** Adds traffic to the flow that carries this rule's cookie. */
    void traffic(FlowRule rule, long bytes, long packets) {
        Flow f = flow(rule);
        f.bytes += bytes;
        f.packets += packets;
    }

    Flow flow(FlowRule rule) {
        return flows.stream().filter(f -> f.cookie.getValue() == rule.id().value()).findFirst().orElse(null);
    }

    /** The switch removes a flow by itself (e.g. a meter deletion or an operator's ovs-ofctl del-flows). */
    OFFlowRemoved removeOnItsOwn(FlowRule rule, OFFlowRemovedReason reason) {
        Flow f = flow(rule);
        flows.remove(f);
        return removed(f, reason);
    }

    List<OFMessage> sentOf(Class<?> type) {
        return sent.stream().filter(type::isInstance).collect(Collectors.toList());
    }

    @Override
    public OFFactory factory() {
        return factory;
    }

    @Override
    public long xid() {
        return xids.incrementAndGet();
    }

    @Override
    public void send(OFMessage msg) {
        sent.add(msg);
        if (msg instanceof OFFlowMod && rejectFlowMods) {
            if (!errors.test(msg.getXid())) {
                throw new AssertionError("the service did not claim the ERROR for xid " + msg.getXid());
            }
        } else if (msg instanceof OFFlowAdd) {
            flows.removeIf(f -> f.sameEntry((OFFlowMod) msg));
            flows.add(new Flow((OFFlowMod) msg));
        } else if (msg instanceof OFFlowModify) {
            OFFlowMod m = (OFFlowMod) msg;
            flows.stream().filter(f -> f.table.equals(m.getTableId()) && f.match.equals(m.getMatch()))
                    .forEach(f -> f.instructions = m.getInstructions());
        } else if (msg instanceof OFFlowDeleteStrict) {
            for (Flow f : List.copyOf(flows)) {
                if (f.sameEntry((OFFlowMod) msg)) {
                    flows.remove(f);
                    if (f.flags.contains(OFFlowModFlags.SEND_FLOW_REM)) {
                        flowRemoved.add(removed(f, OFFlowRemovedReason.DELETE));
                    }
                }
            }
        } else if (msg instanceof OFMeterMod) {
            OFMeterMod m = (OFMeterMod) msg;
            if (m.getCommand() == OFMeterModCommand.ADD && meterTable.containsKey(m.getMeterId())) {
                OFErrorMsg err = factory.errorMsgs().buildMeterModFailedErrorMsg().setXid(m.getXid())
                        .setCode(OFMeterModFailedCode.METER_EXISTS).build();
                if (!meterErrors.test(err)) {
                    throw new AssertionError("the service did not claim " + err);
                }
            } else if (m.getCommand() == OFMeterModCommand.ADD) {
                meterTable.put(m.getMeterId(), m);
            } else if (m.getCommand() == OFMeterModCommand.DELETE) {
                meterTable.remove(m.getMeterId());
            }
        }
    }

    @Override
    public CompletableFuture<OFMessage> barrier(long xid) {
        sent.add(factory.buildBarrierRequest().setXid(xid).build());
        CompletableFuture<OFMessage> f = new CompletableFuture<>();
        if (holdBarriers) {
            heldBarriers.add(f);
        } else {
            f.complete(factory.buildBarrierReply().setXid(xid).build());
        }
        return f;
    }

    @Override
    public CompletableFuture<List<OFStatsReply>> stats(OFStatsRequest<?> request) {
        long x = xid();
        statsRequests.add(x);
        if (request instanceof OFFlowStatsRequest) {
            return CompletableFuture.completedFuture(List.of(factory.buildFlowStatsReply().setXid(x)
                                                                     .setEntries(flowStats()).build()));
        }
        if (request instanceof OFMeterStatsRequest) {
            return CompletableFuture.completedFuture(List.of(factory.buildMeterStatsReply().setXid(x)
                                                                     .setEntries(meterStats()).build()));
        }
        throw new UnsupportedOperationException(request.getStatsType().toString());
    }

    List<OFFlowStatsEntry> flowStats() {
        return flows.stream().map(f -> factory.buildFlowStatsEntry().setTableId(f.table).setPriority(f.priority)
                .setMatch(f.match).setCookie(f.cookie).setFlags(f.flags).setIdleTimeout(f.idleTimeout)
                .setHardTimeout(f.hardTimeout).setInstructions(f.instructions).setDurationSec(1)
                .setByteCount(U64.of(f.bytes)).setPacketCount(U64.of(f.packets)).build())
                .collect(Collectors.toList());
    }

    List<OFMeterStats> meterStats() {
        return meterTable.keySet().stream().map(id -> factory.buildMeterStats().setMeterId(id)
                .setByteInCount(U64.ZERO).setPacketInCount(U64.ZERO).setBandStats(Collections.emptyList())
                .build()).collect(Collectors.toList());
    }

    private OFFlowRemoved removed(Flow f, OFFlowRemovedReason reason) {
        return factory.buildFlowRemoved().setCookie(f.cookie).setPriority(f.priority).setReason(reason)
                .setTableId(f.table).setMatch(f.match).setByteCount(U64.of(f.bytes))
                .setPacketCount(U64.of(f.packets)).build();
    }
}
