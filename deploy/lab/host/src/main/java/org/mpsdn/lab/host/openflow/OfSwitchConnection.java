package org.mpsdn.lab.host.openflow;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.projectfloodlight.openflow.exceptions.OFParseError;
import org.projectfloodlight.openflow.protocol.OFBarrierReply;
import org.projectfloodlight.openflow.protocol.OFEchoRequest;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFFeaturesReply;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMessageReader;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFPortDescStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsReplyFlags;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.types.DatapathId;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One OpenFlow 1.3 switch connection: blocking socket, synchronised writes, a reader thread and a
 * dispatcher thread. The reader answers HELLO and echo requests and hands every other message, in
 * order, to the dispatcher, which does the handshake, matches replies (barrier, multipart) to requests
 * by xid and hands asynchronous messages to the listener. As in ONOS 2.7.0 (OFChannelHandler: the
 * Netty I/O thread's {@code dispatchMessage} offers a PACKET_IN to a bounded queue, 5000 messages by
 * default, and drops it when that is full; a dispatcher thread processes the queue), a slow listener
 * does not stop the reading: the switch's own packet-in queue to the controller (100 in Open vSwitch)
 * overflows only when this one does. On connect it wipes the switch's flows and meters, so that a
 * restarted lab host never inherits stale state.
 */
public final class OfSwitchConnection implements OfChannel {

    /** Messages the dispatcher may hold before a PACKET_IN is dropped (ONOS 2.7.0's default queue size). */
    public static final int DISPATCH_QUEUE_SIZE = 5000;

    private static final Logger LOG = LoggerFactory.getLogger(OfSwitchConnection.class);
    private static final int HEADER = 8;
    private static final int MISS_SEND_LEN = 0xffff;
    private static final long ALL_METERS = 0xffffffffL;

    private final Socket socket;
    private final OutputStream out;
    private final OfSwitchListener listener;
    private final OFFactory factory = OFFactories.getFactory(OFVersion.OF_13);
    private final OFMessageReader<OFMessage> reader = OFFactories.getGenericReader();
    private final AtomicLong nextXid = new AtomicLong(16);
    private final Map<Long, CompletableFuture<OFMessage>> barriers = new ConcurrentHashMap<>();
    private final Map<Long, CompletableFuture<List<OFStatsReply>>> stats = new ConcurrentHashMap<>();
    private final Map<Long, List<OFStatsReply>> partial = new ConcurrentHashMap<>();
    private final AtomicLong malformed = new AtomicLong();
    private final AtomicLong droppedPacketIns = new AtomicLong();
    /** What the reader handed over, oldest first; the end of the connection comes last. */
    private final BlockingQueue<Runnable> dispatch = new LinkedBlockingQueue<>();
    private volatile boolean ended;
    private volatile DatapathId dpid;
    private volatile List<OFPortDesc> ports = Collections.emptyList();

    /**
     * Wraps an accepted socket.
     *
     * @param socket   the accepted switch socket
     * @param listener receiver of events
     * @throws IOException if the socket's stream is unavailable
     */
    public OfSwitchConnection(Socket socket, OfSwitchListener listener) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.listener = listener;
    }

    /**
     * Starts the reader and dispatcher threads and sends HELLO.
     */
    public void start() {
        Thread d = new Thread(this::dispatchLoop, "of-dispatch-" + socket.getPort());
        d.setDaemon(true);
        d.start();
        Thread t = new Thread(this::readLoop, "of-switch-" + socket.getPort());
        t.setDaemon(true);
        t.start();
        send(factory.buildHello().setXid(xid()).build());
    }

    @Override
    public OFFactory factory() {
        return factory;
    }

    /**
     * Datapath id, known after FEATURES_REPLY.
     *
     * @return datapath id or null
     */
    public DatapathId dpid() {
        return dpid;
    }

    /**
     * Ports reported by PORT_DESC during the handshake.
     *
     * @return port descriptions
     */
    public List<OFPortDesc> ports() {
        return ports;
    }

    /**
     * Count of messages that could not be parsed (ignored).
     *
     * @return malformed message count
     */
    public long malformedCount() {
        return malformed.get();
    }

    /**
     * Count of PACKET_INs dropped because the dispatcher held {@link #DISPATCH_QUEUE_SIZE} messages.
     *
     * @return dropped packet-in count
     */
    public long droppedPacketInCount() {
        return droppedPacketIns.get();
    }

    @Override
    public long xid() {
        return nextXid.incrementAndGet();
    }

    @Override
    public void send(OFMessage msg) {
        ByteBuf buf = Unpooled.buffer();
        msg.writeTo(buf);
        byte[] bytes = new byte[buf.readableBytes()];
        buf.readBytes(bytes);
        synchronized (out) {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                LOG.warn("send to {} failed: {}", dpid, e.toString());
                close();
            }
        }
    }

    @Override
    public CompletableFuture<OFMessage> barrier(long x) {
        CompletableFuture<OFMessage> f = new CompletableFuture<>();
        barriers.put(x, f);
        send(factory.buildBarrierRequest().setXid(x).build());
        return f;
    }

    @Override
    public CompletableFuture<List<OFStatsReply>> stats(OFStatsRequest<?> request) {
        long x = xid();
        CompletableFuture<List<OFStatsReply>> f = new CompletableFuture<>();
        stats.put(x, f);
        send(request.createBuilder().setXid(x).build());
        return f;
    }

    /**
     * Closes the socket; the switch is then reported gone (after the messages it sent before).
     */
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.debug("close: {}", e.toString());
        }
    }

    private void readLoop() {
        try (DataInputStream in = new DataInputStream(socket.getInputStream())) {
            while (true) {
                byte[] header = new byte[HEADER];
                in.readFully(header);
                int len = ((header[2] & 0xff) << 8) | (header[3] & 0xff);
                if (len < HEADER) {
                    throw new IOException("OpenFlow length field " + len + " shorter than header");
                }
                byte[] msgBytes = new byte[len];
                System.arraycopy(header, 0, msgBytes, 0, HEADER);
                in.readFully(msgBytes, HEADER, len - HEADER);
                OFMessage msg;
                try {
                    msg = reader.readFrom(Unpooled.wrappedBuffer(msgBytes));
                } catch (OFParseError | RuntimeException e) {
                    malformed.incrementAndGet();
                    LOG.debug("ignored malformed OpenFlow message: {}", e.toString());
                    continue;
                }
                if (msg != null) {
                    receive(msg);
                }
            }
        } catch (EOFException e) {
            LOG.info("switch {} closed the connection", dpid);
        } catch (IOException e) {
            LOG.info("switch {} connection ended: {}", dpid, e.toString());
        } finally {
            dispatch.add(this::end);
        }
    }

    /** Reader thread: answers HELLO and echo requests at once, queues the rest for the dispatcher. */
    private void receive(OFMessage msg) {
        switch (msg.getType()) {
            case HELLO:
                send(factory.buildFeaturesRequest().setXid(xid()).build());
                break;
            case ECHO_REQUEST:
                send(factory.buildEchoReply().setXid(msg.getXid()).setData(((OFEchoRequest) msg).getData()).build());
                break;
            case ECHO_REPLY:
                break;
            case PACKET_IN:
                if (dispatch.size() >= DISPATCH_QUEUE_SIZE) {
                    if (droppedPacketIns.incrementAndGet() % 1000 == 1) {
                        LOG.info("switch {}: dropping packet-in (dispatch queue full, {} messages); {} dropped so far",
                                 dpid, DISPATCH_QUEUE_SIZE, droppedPacketIns.get());
                    }
                    break;
                }
                dispatch.add(() -> handle(msg));
                break;
            default:
                dispatch.add(() -> handle(msg));
        }
    }

    /** Dispatcher thread: runs what the reader queued, in order, until the connection's end. */
    private void dispatchLoop() {
        while (!ended) {
            try {
                dispatch.take().run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.warn("switch {}: message handling failed, closing the connection: {}", dpid, e.toString());
                close();
            }
        }
    }

    /** Dispatcher thread, after the last message: fails what waits for a reply, reports the switch gone. */
    private void end() {
        ended = true;
        barriers.values().forEach(f -> f.completeExceptionally(new IOException("switch gone")));
        stats.values().forEach(f -> f.completeExceptionally(new IOException("switch gone")));
        if (dpid != null) {
            listener.switchGone(this);
        }
    }

    /** Dispatcher thread: one message of the switch, in the order it sent them. */
    private void handle(OFMessage msg) {
        OFType type = msg.getType();
        switch (type) {
            case FEATURES_REPLY:
                dpid = ((OFFeaturesReply) msg).getDatapathId();
                send(factory.buildSetConfig().setXid(xid()).setMissSendLen(MISS_SEND_LEN).build());
                wipe();
                stats(factory.buildPortDescStatsRequest().build()).thenAccept(parts -> {
                    List<OFPortDesc> all = new ArrayList<>();
                    parts.forEach(p -> all.addAll(((OFPortDescStatsReply) p).getEntries()));
                    ports = all;
                    barrier().thenRun(() -> listener.switchReady(this));
                });
                break;
            case BARRIER_REPLY:
                CompletableFuture<OFMessage> b = barriers.remove(msg.getXid());
                if (b != null) {
                    b.complete((OFBarrierReply) msg);
                }
                break;
            case STATS_REPLY:
                OFStatsReply r = (OFStatsReply) msg;
                List<OFStatsReply> acc = partial.computeIfAbsent(r.getXid(), k -> new ArrayList<>());
                acc.add(r);
                if (!r.getFlags().contains(OFStatsReplyFlags.REPLY_MORE)) {
                    partial.remove(r.getXid());
                    CompletableFuture<List<OFStatsReply>> f = stats.remove(r.getXid());
                    if (f != null) {
                        f.complete(acc);
                    }
                }
                break;
            default:
                listener.message(this, msg);
        }
    }

    /** Deletes every flow and meter so that no stale state from an earlier controller run survives. */
    private void wipe() {
        send(factory.buildFlowDelete().setXid(xid()).setTableId(TableId.ALL)
                     .setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY).build());
        send(factory.buildMeterMod().setXid(xid())
                     .setCommand(org.projectfloodlight.openflow.protocol.OFMeterModCommand.DELETE)
                     .setMeterId(ALL_METERS).setFlags(Collections.emptySet())
                     .setMeters(Collections.emptyList()).build());
    }

    @Override
    public String toString() {
        return "OfSwitchConnection{" + dpid + "}";
    }
}
