package org.mpsdn.core.model;

import org.mpsdn.api.model.Direction;

import java.util.Arrays;
import java.util.List;

/**
 * The flows of a {@link NetworkSnapshot} that travel over a known connection, in insertion
 * order (callers match results to their own lists; flows never influence each other's tier), with
 * their connection and their attributes packed in one byte. A flow whose (device, AP) pair is not
 * a connection is dropped and counted.
 */
final class FlowTable {
    /** Flag bits of {@link #flags}. */
    private static final int FLAG_TCP = 1;
    private static final int FLAG_UPLINK = 2;
    private static final int FLAG_ACK = 4;

    /** The kept flows. */
    final Flow[] flows;
    /** Connection index per flow. */
    final int[] connection;
    /** Attribute bits per flow. */
    private final byte[] flags;
    /** Flows dropped for not travelling over a known connection. */
    final int dropped;

    /**
     * Keeps the flows on known connections.
     *
     * @param parts       the flows in insertion order
     * @param ues         the devices
     * @param connections their connections
     */
    @SuppressWarnings("ReferenceEquality") // identity fast path before the HashMap lookup
    FlowTable(List<Flow> parts, IdIndex<UserEquipment> ues, ConnectionTable connections) {
        Flow[] kept = new Flow[parts.size()];
        int[] keptConn = new int[kept.length];
        byte[] keptFlags = new byte[kept.length];
        int m = 0;
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
            if (c < 0) {
                continue;
            }
            kept[m] = f;
            keptConn[m] = c;
            keptFlags[m] = flags(f);
            m++;
        }
        dropped = parts.size() - m;
        flows = m == kept.length ? kept : Arrays.copyOf(kept, m);
        connection = m == keptConn.length ? keptConn : Arrays.copyOf(keptConn, m);
        flags = m == keptFlags.length ? keptFlags : Arrays.copyOf(keptFlags, m);
    }

    private static byte flags(Flow f) {
        int v = (f.protocol() == Protocol.TCP ? FLAG_TCP : 0) | (f.direction() == Direction.UPLINK ? FLAG_UPLINK : 0)
                | (f.ackStream() ? FLAG_ACK : 0);
        return (byte) v;
    }

    /** @return number of kept flows */
    int size() {
        return flows.length;
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
}
