package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.EnumCounters;
import org.mpsdn.mptcp.wire.MptcpTokens;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * MPTCP connections by token: opens connections, learns each side's token from its key (most
 * significant 32 bits of SHA-256 of the key, SHA-1 for version 0) and attaches MP_JOIN subflows
 * to the connection whose token they carry. A join whose token is not known yet waits until a
 * connection learns it. A key also gives where its holder's data sequence numbers start (its IDSN):
 * the connection's values for {@link MidstreamPickup}, which groups by them a subflow whose
 * handshake it missed. Not thread-safe: used under the tracker's lock.
 */
final class TokenIndex {
    private final Map<Long, List<MptcpConnection>> byToken = new HashMap<>();
    private final Map<Long, List<Subflow>> pendingJoins = new HashMap<>();
    private final EnumCounters<TrackerEvent> events;
    private final Predicate<Subflow> tracked;
    private long nextConnectionId = 1;

    /**
     * Creates an empty index.
     *
     * @param events  tracker counters
     * @param tracked tells whether a subflow is still in the flow table (a waiting join that left
     *                it is not resolved)
     */
    TokenIndex(EnumCounters<TrackerEvent> events, Predicate<Subflow> tracked) {
        this.events = events;
        this.tracked = tracked;
    }

    /**
     * Opens a new connection with a primary subflow as its first subflow.
     *
     * @param s       the primary subflow (its user side already decided)
     * @param version MPTCP version of the MP_CAPABLE
     */
    void open(Subflow s, int version) {
        MptcpConnection conn = new MptcpConnection(nextConnectionId++, version, !s.userIsResponder);
        conn.subflows.add(s);
        s.conn = conn;
        events.count(TrackerEvent.MPTCP_CONNECTIONS);
    }

    /**
     * Opens a connection without tokens for a subflow picked up mid-stream (its keys were never
     * seen); the subflow's user is its opener.
     *
     * @param s the subflow
     * @return the new connection
     */
    MptcpConnection adopt(Subflow s) {
        MptcpConnection conn = new MptcpConnection(nextConnectionId++, 1, true);
        conn.subflows.add(s);
        s.conn = conn;
        return conn;
    }

    /**
     * Learns the connection initiator's key (the first one learnt stays) and resolves the joins
     * that waited for its token.
     *
     * @param conn    the connection
     * @param key     the initiator's key
     * @param version MPTCP version (decides the token's hash)
     */
    void learnInitiatorKey(MptcpConnection conn, long key, int version) {
        if (conn.initiatorToken < 0) {
            conn.initiatorToken = MptcpTokens.token(key, version);
            startSequence(conn, key, version, conn.userIsConnInitiator);
            index(conn, conn.initiatorToken);
        }
    }

    /**
     * Learns the connection responder's key (the first one learnt stays) and resolves the joins
     * that waited for its token.
     *
     * @param conn    the connection
     * @param key     the responder's key
     * @param version MPTCP version (decides the token's hash)
     */
    void learnResponderKey(MptcpConnection conn, long key, int version) {
        if (conn.responderToken < 0) {
            conn.responderToken = MptcpTokens.token(key, version);
            startSequence(conn, key, version, !conn.userIsConnInitiator);
            index(conn, conn.responderToken);
        }
    }

    /**
     * Sets where the key holder's data sequence space starts (its IDSN + 1, RFC 8684 Section 3.1), unless a
     * value of that space was seen already.
     */
    private static void startSequence(MptcpConnection conn, long key, int version, boolean holderIsUser) {
        long first = MptcpTokens.idsn(key, version) + 1;
        if (holderIsUser && conn.toServerSeq == null) {
            conn.toServerSeq = first;
        } else if (!holderIsUser && conn.toUserSeq == null) {
            conn.toUserSeq = first;
        }
    }

    /**
     * Returns the connections a token indexes (those whose keys were seen), each once, oldest first.
     *
     * @return connections
     */
    List<MptcpConnection> indexed() {
        Map<Long, MptcpConnection> byId = new TreeMap<>();
        for (List<MptcpConnection> l : byToken.values()) {
            for (MptcpConnection c : l) {
                byId.put(c.id, c);
            }
        }
        return new ArrayList<>(byId.values());
    }

    private void index(MptcpConnection conn, long token) {
        byToken.computeIfAbsent(token, t -> new ArrayList<>()).add(conn);
        List<Subflow> waiting = pendingJoins.remove(token);
        if (waiting != null) {
            for (Subflow s : waiting) {
                if (s.conn == null && tracked.test(s)) {
                    resolveJoin(s);
                }
            }
        }
    }

    /**
     * Attaches a join subflow to the connection of its token, or lets it wait for the token.
     *
     * @param s the join subflow, its {@code joinToken} set
     */
    void resolveJoin(Subflow s) {
        List<MptcpConnection> cands = byToken.get(s.joinToken);
        if (cands == null || cands.isEmpty()) {
            events.count(TrackerEvent.JOINS_UNRESOLVED);
            pendingJoins.computeIfAbsent(s.joinToken, t -> new ArrayList<>()).add(s);
            return;
        }
        MptcpConnection chosen = choose(cands, s);
        // the join's SYN sender is the connection initiator's host iff the token is the responder's
        boolean joinFromConnInitiator = s.joinToken == chosen.responderToken;
        s.userIsResponder = joinFromConnInitiator != chosen.userIsConnInitiator;
        s.conn = chosen;
        chosen.subflows.add(s);
        events.count(TrackerEvent.JOINS_RESOLVED);
    }

    /**
     * Picks among connections sharing a token: the newest, unless a 32-bit collision leaves a
     * choice; then one whose peer on the joined side is the join's destination.
     */
    private MptcpConnection choose(List<MptcpConnection> cands, Subflow s) {
        MptcpConnection chosen = cands.get(cands.size() - 1);
        if (cands.size() > 1) {
            events.count(TrackerEvent.TOKEN_COLLISIONS);
            for (MptcpConnection c : cands) {
                for (Subflow sf : c.subflows) {
                    if (!sf.closed && (sf.key.responderIp().equals(s.key.responderIp())
                            || sf.key.initiatorIp().equals(s.key.responderIp()))) {
                        chosen = c;
                    }
                }
            }
        }
        return chosen;
    }

    /**
     * Takes a subflow out of its connection; a connection left without subflows is unindexed.
     *
     * @param s the subflow
     */
    void detach(Subflow s) {
        MptcpConnection conn = s.conn;
        if (conn == null) {
            return;
        }
        conn.subflows.remove(s);
        s.conn = null;
        if (conn.subflows.isEmpty()) {
            removeFromList(byToken, conn.initiatorToken, conn);
            removeFromList(byToken, conn.responderToken, conn);
        }
    }

    /**
     * Forgets a subflow that leaves the flow table: detaches it and stops it waiting.
     *
     * @param s the subflow
     */
    void forget(Subflow s) {
        detach(s);
        if (s.joinToken != null) {
            removeFromList(pendingJoins, s.joinToken, s);
        }
    }

    private static <T> void removeFromList(Map<Long, List<T>> map, long key, T value) {
        List<T> l = map.get(key);
        if (l != null) {
            l.remove(value);
            if (l.isEmpty()) {
                map.remove(key);
            }
        }
    }
}
