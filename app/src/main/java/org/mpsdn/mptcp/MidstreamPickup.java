package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.Dss;
import org.mpsdn.mptcp.wire.EnumCounters;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks up MPTCP subflows whose handshake the controller did not see (they were open before its
 * punt rules were, e.g. across a controller restart that cleared the switches' rules, or the
 * packet-ins of their handshake were lost: a switch drops those that overflow its queue to the
 * controller, and its bridge-and-copy rule forwards the packets all the same) and groups them into
 * connections by their data sequence numbers: with the other picked-up subflows, or with a
 * connection whose handshake was seen (its keys give where its sequence spaces start).
 * <p>
 * Every subflow of an MPTCP connection carries the connection's Data ACK and data sequence numbers
 * (DSS option, RFC 8684 Section 3.3) in two spaces, one per direction of the data, each starting at
 * a random 64-bit value derived from a key. Two subflows whose values in one space are within
 * {@link #WINDOW} of each other (a pair of unrelated connections is that close with probability
 * about 2^-33) and which reach the same server port belong to one connection. Only 8-octet values
 * are used: 4-octet ones leave that probability at 2^-1. The user's side is the side in an AP's
 * station list (without a station on exactly one side, the packet is ignored); the subflow is
 * keyed as opened by the user. Not thread-safe: used under the tracker's lock.
 */
final class MidstreamPickup {
    /** Largest distance between two subflows' values in one data sequence space of a connection. */
    static final long WINDOW = 1L << 30;
    /** How long a segment seen before any station list waits for one. */
    static final long PENDING_MILLIS = 30_000;
    /** Most flow directions waiting for a station list. */
    static final int MAX_PENDING = 4096;

    /** A mid-stream segment that came before the station lists that tell its user's side. */
    private static final class Pending {
        final String apId;
        final DecodedPacket packet;
        final SubflowKey fwd;
        final long at;

        Pending(String apId, DecodedPacket packet, SubflowKey fwd, long at) {
            this.apId = apId;
            this.packet = packet;
            this.fwd = fwd;
            this.at = at;
        }
    }

    private final SubflowTable table;
    private final TokenIndex tokens;
    private final StationDirectory stations;
    private final EnumCounters<TrackerEvent> events;
    /** The connections made of picked-up subflows. */
    private final List<MptcpConnection> connections = new ArrayList<>();
    /**
     * Segments with a 64-bit DSS whose sides no station list told yet, the newest per flow direction
     * (a flow punted until its rule lands sends many), oldest first.
     */
    private final Map<SubflowKey, Pending> pending = new LinkedHashMap<>();

    MidstreamPickup(SubflowTable table, StationDirectory stations, EnumCounters<TrackerEvent> events) {
        this.table = table;
        this.tokens = table.tokens();
        this.stations = stations;
        this.events = events;
    }

    /**
     * Picks up the flow of a mid-stream segment of an unknown flow.
     *
     * @param apId AP where the segment was seen
     * @param p    the segment (not SYN, not FIN/RST)
     * @param fwd  its 5-tuple as sent
     * @param now  current time
     * @return true if the flow was picked up
     */
    boolean pickUp(String apId, DecodedPacket p, SubflowKey fwd, long now) {
        Dss d = p.mptcp().dss();
        if (d == null || !d.dataAck64() && !d.dsn64()) {
            return false;
        }
        boolean srcStation = stations.isStation(fwd.initiatorIp());
        if (srcStation == stations.isStation(fwd.responderIp())) {
            if (!srcStation) {
                // no list names either side yet (a controller that just started): wait for the lists
                wait(new Pending(apId, p, fwd, now));
                return true;
            }
            return false;
        }
        Long toUser = toUser(d, srcStation);
        Long toServer = toServer(d, srcStation);
        Subflow s = new Subflow(srcStation ? fwd : fwd.reversed(), apId, FlowRole.MPTCP_MIDSTREAM, now);
        s.established = true;
        if (!table.admit(s)) {
            return false;
        }
        events.count(TrackerEvent.MIDSTREAM_PICKED_UP);
        MptcpConnection c = match(s, toUser, toServer);
        if (c == null) {
            c = tokens.adopt(s);
            connections.add(c);
        } else {
            join(s, c);
        }
        remember(c, toUser, toServer);
        return true;
    }

    private void wait(Pending p) {
        Pending first = pending.remove(p.fwd);
        if (first == null && pending.size() == MAX_PENDING) {
            Iterator<SubflowKey> oldest = pending.keySet().iterator();
            oldest.next();
            oldest.remove();
            events.count(TrackerEvent.MIDSTREAM_IGNORED);
        }
        pending.put(p.fwd, first == null ? p : new Pending(p.apId, p.packet, p.fwd, first.at));
    }

    /**
     * Retries the segments that waited for station lists, oldest first, and drops those that
     * waited too long (counted as ignored).
     *
     * @param now current time
     */
    void retryPending(long now) {
        List<Pending> todo = new ArrayList<>(pending.values());
        pending.clear();
        for (Pending p : todo) {
            if (now - p.at >= PENDING_MILLIS) {
                events.count(TrackerEvent.MIDSTREAM_IGNORED);
                continue;
            }
            Subflow s = table.find(p.fwd);
            if (s == null) {
                if (!pickUp(p.apId, p.packet, p.fwd, p.at)) {
                    events.count(TrackerEvent.MIDSTREAM_IGNORED);
                }
            } else if (s.role == FlowRole.MPTCP_MIDSTREAM && !s.closed) {
                observe(s, p.packet.mptcp().dss(), s.key.equals(p.fwd));
            }
        }
    }

    /**
     * Takes the DSS of a later segment of a subflow of a connection: updates the connection's values
     * and, while a picked-up subflow is alone in its connection, looks again for the connection it
     * belongs to.
     *
     * @param s        the subflow
     * @param d        the segment's DSS
     * @param fromUser true if the segment was sent by the user's side
     */
    void observe(Subflow s, Dss d, boolean fromUser) {
        Long toUser = toUser(d, fromUser);
        Long toServer = toServer(d, fromUser);
        MptcpConnection own = s.conn;
        if (own == null) {
            return;
        }
        if (s.role == FlowRole.MPTCP_MIDSTREAM && own.subflows.size() == 1) {
            MptcpConnection other = match(s, toUser, toServer);
            if (other != null && other != own) {
                tokens.detach(s);
                connections.remove(own);
                join(s, other);
                own = other;
            }
        }
        remember(own, toUser, toServer);
    }

    private void join(Subflow s, MptcpConnection c) {
        c.subflows.add(s);
        s.conn = c;
        events.count(TrackerEvent.MIDSTREAM_GROUPED);
    }

    /** Server-to-user data: the user's Data ACK, or the server's DSN. */
    private static Long toUser(Dss d, boolean fromUser) {
        return fromUser ? (d.dataAck64() ? d.dataAck() : null) : (d.dsn64() ? d.dsn() : null);
    }

    /** User-to-server data: the user's DSN, or the server's Data ACK. */
    private static Long toServer(Dss d, boolean fromUser) {
        return fromUser ? (d.dsn64() ? d.dsn() : null) : (d.dataAck64() ? d.dataAck() : null);
    }

    private static void remember(MptcpConnection c, Long toUser, Long toServer) {
        if (toUser != null) {
            c.toUserSeq = toUser;
        }
        if (toServer != null) {
            c.toServerSeq = toServer;
        }
    }

    /**
     * A connection, other than the subflow's own, whose values are close and which has a live subflow to the
     * same server port: a picked-up one, else one whose keys were seen.
     */
    private MptcpConnection match(Subflow s, Long toUser, Long toServer) {
        connections.removeIf(c -> c.subflows.isEmpty());
        MptcpConnection c = matchIn(connections, s, toUser, toServer);
        return c != null ? c : matchIn(tokens.indexed(), s, toUser, toServer);
    }

    private static MptcpConnection matchIn(List<MptcpConnection> candidates, Subflow s, Long toUser,
                                           Long toServer) {
        for (MptcpConnection c : candidates) {
            if (c == s.conn || !(close(c.toUserSeq, toUser) || close(c.toServerSeq, toServer))) {
                continue;
            }
            for (Subflow other : c.subflows) {
                if (!other.closed && serverPort(other) == s.key.responderPort()) {
                    return c;
                }
            }
        }
        return null;
    }

    /** The port of a subflow's side that is not the user's (a picked-up subflow is keyed as opened by its user). */
    private static int serverPort(Subflow s) {
        return s.userIsResponder ? s.key.initiatorPort() : s.key.responderPort();
    }

    private static boolean close(Long a, Long b) {
        if (a == null || b == null) {
            return false;
        }
        long diff = a - b;   // modulo 2^64: the spaces wrap
        return diff >= -WINDOW && diff <= WINDOW;
    }
}
