package org.mpsdn.core.model;

import org.mpsdn.api.model.Direction;

import java.util.Arrays;
import java.util.List;

/**
 * The flows of a {@link NetworkSnapshot} that travel over a known connection, in insertion
 * order (callers match results to their own lists; flows never influence each other's tier), with
 * their connection, their attributes packed in one byte and their counters in dense arrays. A flow
 * whose (device, AP) pair is not a connection is dropped and counted.
 *
 * <p>The counters and the ACK mark of the arrays are the flow's values in this snapshot; the {@link Flow} object
 * kept per index may carry older ones ({@link LiveNetwork} updates counters without a new object), and
 * {@link #flow(int)} then returns a copy with the current values.</p>
 */
final class FlowTable {
    /** Flag bits of {@link #flags}. */
    private static final int FLAG_TCP = 1;
    private static final int FLAG_UPLINK = 2;
    private static final int FLAG_ACK = 4;

    /** The kept flows (key, direction, device and AP; the counters may be older than the arrays'). */
    private final Flow[] flows;
    /** Connection index per flow. */
    final int[] connection;
    /** Attribute bits per flow. */
    private final byte[] flags;
    /** Byte counter per flow. */
    private final long[] bytes;
    /** Packet counter per flow. */
    private final long[] packets;
    /** Measured rate per flow, bit/s, -1 when not measured. */
    private final long[] rate;
    /** Flows dropped for not travelling over a known connection. */
    final int dropped;

    /**
     * Keeps the flows on known connections.
     *
     * @param parts       the flows in insertion order
     * @param ues         the devices
     * @param connections their connections
     */
    FlowTable(List<Flow> parts, IdIndex<UserEquipment> ues, ConnectionTable connections) {
        this(keep(parts, ues, connections), parts.size());
    }

    /**
     * Takes filled columns over (the caller no longer writes them).
     *
     * @param kept    the kept flows
     * @param offered the flows offered, kept or dropped for not travelling over a known connection
     */
    FlowTable(Columns kept, int offered) {
        kept.trim();
        this.flows = kept.flows;
        this.connection = kept.connection;
        this.flags = kept.flags;
        this.bytes = kept.bytes;
        this.packets = kept.packets;
        this.rate = kept.rate;
        this.dropped = offered - kept.size;
    }

    @SuppressWarnings("ReferenceEquality") // identity fast path before the HashMap lookup
    private static Columns keep(List<Flow> parts, IdIndex<UserEquipment> ues, ConnectionTable connections) {
        Columns kept = new Columns(parts.size());
        String lastUeId = null;
        int lastUe = -1;
        for (Flow f : parts) {
            int u;
            if (f.ueId() == lastUeId) {
                u = lastUe;
            } else {
                u = ues.indexOf(f.ueId());
                lastUeId = f.ueId();
                lastUe = u;
            }
            int c = u < 0 ? -1 : connections.indexOf(u, f.apId());
            if (c >= 0) {
                kept.add(f, c, flags(f.protocol(), f.direction(), f.ackStream()), f.bytes(), f.packets(),
                        f.rateBps());
            }
        }
        return kept;
    }

    /**
     * The attribute bits of a flow.
     *
     * @param protocol  its protocol class
     * @param direction its direction
     * @param ackStream its ACK mark
     * @return the bits
     */
    static byte flags(Protocol protocol, Direction direction, boolean ackStream) {
        int v = (protocol == Protocol.TCP ? FLAG_TCP : 0) | (direction == Direction.UPLINK ? FLAG_UPLINK : 0)
                | (ackStream ? FLAG_ACK : 0);
        return (byte) v;
    }

    /**
     * Attribute bits with a new ACK mark.
     *
     * @param bits      the bits
     * @param ackStream the mark
     * @return the bits with that mark
     */
    static byte withAck(byte bits, boolean ackStream) {
        return (byte) (ackStream ? bits | FLAG_ACK : bits & ~FLAG_ACK);
    }

    /** @return number of kept flows */
    int size() {
        return flows.length;
    }

    /**
     * A flow with its values in this table: the kept object when they are its own, else a copy.
     *
     * @param i flow index
     * @return the flow
     */
    Flow flow(int i) {
        Flow f = flows[i];
        if (f.bytes() == bytes[i] && f.packets() == packets[i] && f.rateBps() == rate[i]
                && f.ackStream() == ackStream(i)) {
            return f;
        }
        return new Flow(f.key(), f.direction(), f.ueId(), f.apId(), bytes[i], packets[i], ackStream(i), rate[i]);
    }

    /**
     * Whether a flow is TCP.
     *
     * @param i flow index
     * @return true for TCP
     */
    boolean tcp(int i) {
        return (flags[i] & FLAG_TCP) != 0;
    }

    /**
     * Direction of a flow.
     *
     * @param i flow index
     * @return the direction
     */
    Direction direction(int i) {
        return (flags[i] & FLAG_UPLINK) != 0 ? Direction.UPLINK : Direction.DOWNLINK;
    }

    /**
     * Whether a flow is marked as an ACK stream.
     *
     * @param i flow index
     * @return the mark
     */
    boolean ackStream(int i) {
        return (flags[i] & FLAG_ACK) != 0;
    }

    /**
     * Measured rate of a flow.
     *
     * @param i flow index
     * @return bit/s, or -1 when not measured
     */
    long rateBps(int i) {
        return rate[i];
    }

    /**
     * The columns of a table being filled, at most {@code capacity} flows; {@link LiveNetwork} keeps its flows in
     * columns too, by handle, with the (device, AP) pair's slot in place of the connection.
     */
    static final class Columns {
        Flow[] flows;
        int[] connection;
        byte[] flags;
        long[] bytes;
        long[] packets;
        long[] rate;
        int size;

        Columns(int capacity) {
            flows = new Flow[capacity];
            connection = new int[capacity];
            flags = new byte[capacity];
            bytes = new long[capacity];
            packets = new long[capacity];
            rate = new long[capacity];
        }

        /**
         * Appends a flow and its values.
         *
         * @param f           the flow
         * @param conn        its connection (or in a live network, its pair's slot)
         * @param bits        its attribute bits ({@link #flags})
         * @param byteCount   its byte counter
         * @param packetCount its packet counter
         * @param rateBps     its rate, -1 when not measured
         */
        void add(Flow f, int conn, byte bits, long byteCount, long packetCount, long rateBps) {
            set(size++, f, conn, bits, byteCount, packetCount, rateBps);
        }

        /**
         * Writes a flow and its values at an index.
         *
         * @param i           the index
         * @param f           the flow
         * @param conn        its connection (or in a live network, its pair's slot)
         * @param bits        its attribute bits ({@link #flags})
         * @param byteCount   its byte counter
         * @param packetCount its packet counter
         * @param rateBps     its rate, -1 when not measured
         */
        void set(int i, Flow f, int conn, byte bits, long byteCount, long packetCount, long rateBps) {
            flows[i] = f;
            connection[i] = conn;
            flags[i] = bits;
            bytes[i] = byteCount;
            packets[i] = packetCount;
            rate[i] = rateBps;
        }

        /** Cuts the arrays to the number of flows added. */
        void trim() {
            if (size != flows.length) {
                resize(size);
            }
        }

        /**
         * Gives the arrays a new length, keeping what fits.
         *
         * @param length the new length
         */
        void resize(int length) {
            flows = Arrays.copyOf(flows, length);
            connection = Arrays.copyOf(connection, length);
            flags = Arrays.copyOf(flags, length);
            bytes = Arrays.copyOf(bytes, length);
            packets = Arrays.copyOf(packets, length);
            rate = Arrays.copyOf(rate, length);
        }
    }
}
