package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.EnumCounters;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The tracked flows by 5-tuple (oriented from their opener), bounded in size, with their ending
 * and expiry. Owns the {@link TokenIndex} of their MPTCP connections: a flow leaving the table
 * leaves its connection. Not thread-safe: used under the tracker's lock.
 */
final class SubflowTable {
    /** Least time between two expiry runs triggered by a full table. */
    private static final long FULL_EXPIRE_INTERVAL_MILLIS = 1000;

    private final Map<SubflowKey, Subflow> flows = new HashMap<>();
    private final long idleTimeoutMillis;
    private final long synTimeoutMillis;
    private final long closedLingerMillis;
    private BiPredicate<String, InetAddress> associated = (ap, ip) -> false;
    private final int maxFlows;
    private final EnumCounters<TrackerEvent> events;
    private final TokenIndex tokens;
    private long lastFullExpireMillis = Long.MIN_VALUE / 2;

    /**
     * Creates an empty table.
     *
     * @param idleTimeoutMillis  a flow without activity for this long is dropped
     * @param synTimeoutMillis   a handshake not completed within this time is dropped
     * @param closedLingerMillis a closed flow is remembered this long
     * @param maxFlows           new flows beyond this many are refused and counted
     * @param events             tracker counters
     */
    SubflowTable(long idleTimeoutMillis, long synTimeoutMillis, long closedLingerMillis, int maxFlows,
                 EnumCounters<TrackerEvent> events) {
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.synTimeoutMillis = synTimeoutMillis;
        this.closedLingerMillis = closedLingerMillis;
        this.maxFlows = maxFlows;
        this.events = events;
        this.tokens = new TokenIndex(events, this::holds);
    }

    /**
     * Returns the index of the table's MPTCP connections.
     *
     * @return token index
     */
    TokenIndex tokens() {
        return tokens;
    }

    /**
     * Returns the flow with exactly this orientation.
     *
     * @param key 5-tuple
     * @return flow, null if none
     */
    Subflow get(SubflowKey key) {
        return flows.get(key);
    }

    /**
     * Returns the flow with this 5-tuple in either orientation.
     *
     * @param key 5-tuple
     * @return flow, null if none
     */
    Subflow find(SubflowKey key) {
        Subflow s = flows.get(key);
        return s != null ? s : flows.get(key.reversed());
    }

    private boolean holds(Subflow s) {
        return flows.get(s.key) == s;
    }

    /**
     * Adds a new flow unless the table is full (then counts it and detaches it).
     *
     * @param s new flow
     * @return true if added
     */
    boolean admit(Subflow s) {
        if (flows.size() >= maxFlows) {
            events.count(TrackerEvent.TABLE_FULL);
            tokens.detach(s);
            return false;
        }
        flows.put(s.key, s);
        return true;
    }

    /**
     * Removes a flow (closed or not) from the table and from its connection.
     *
     * @param s flow
     */
    void remove(Subflow s) {
        flows.remove(s.key, s);
        tokens.forget(s);
    }

    /**
     * Ends a flow; it lingers in the table (absorbing retransmitted FINs) until it expires.
     *
     * @param s   flow
     * @param now current time
     */
    void close(Subflow s, long now) {
        s.close(now);
        events.count(TrackerEvent.FLOWS_CLOSED);
    }

    /**
     * Ends a flow whose switch rule was removed (idle timeout): it lingers like any closed flow, and a packet
     * of it within the linger time makes it live again ({@link #resume}).
     *
     * @param s   flow
     * @param now current time
     */
    void closeRuleRemoved(Subflow s, long now) {
        close(s, now);
        s.ruleRemoved = true;
    }

    /**
     * Makes a flow closed by its rule's removal live again, in its connection: it sent again.
     *
     * @param s   flow, closed by {@link #closeRuleRemoved}
     * @param now current time
     */
    void resume(Subflow s, long now) {
        s.closed = false;
        s.ruleRemoved = false;
        s.touch(now);
        events.count(TrackerEvent.FLOWS_RESUMED);
    }

    /**
     * Ends every live subflow of a connection (MP_FASTCLOSE).
     *
     * @param conn connection
     * @param now  current time
     */
    void closeConnection(MptcpConnection conn, long now) {
        for (Subflow sf : new ArrayList<>(conn.subflows)) {
            if (!sf.closed) {
                close(sf, now);
            }
        }
    }

    /**
     * Ends every live flow whose user's side is an address that went to another device.
     *
     * @param ip  address
     * @param now current time
     */
    void closeFlowsOf(InetAddress ip, long now) {
        for (Subflow s : new ArrayList<>(flows.values())) {
            if (!s.closed && s.userAddress().equals(ip)) {
                close(s, now);
            }
        }
    }

    /**
     * Runs {@link #expire} when the table is full, at most once a second.
     *
     * @param now current time
     */
    void expireIfFull(long now) {
        if (flows.size() >= maxFlows && now - lastFullExpireMillis >= FULL_EXPIRE_INTERVAL_MILLIS) {
            lastFullExpireMillis = now;
            expire(now);
        }
    }

    /**
     * Drops closed flows after their linger time, handshakes that never completed and idle flows.
     *
     * @param now current time
     */
    void expire(long now) {
        Set<MptcpConnection> conns = liveConnections();
        for (Subflow s : new ArrayList<>(flows.values())) {
            if (s.closed) {
                if (quiet(s, conns) && now - s.lastSeen < idleTimeoutMillis) {
                    continue;
                }
                if (now - s.closedAt >= closedLingerMillis) {
                    remove(s);
                }
            } else if (!s.established && now - s.created >= synTimeoutMillis
                    || now - s.lastSeen >= idleTimeoutMillis) {
                events.count(TrackerEvent.FLOWS_EXPIRED);
                remove(s);
            }
        }
    }

    /**
     * Returns the flows not closed and the quiet ones ({@link #quiet}), ordered by 5-tuple text (a stable order
     * for grouping).
     *
     * @return live flows
     */
    List<Subflow> live() {
        Set<MptcpConnection> conns = liveConnections();
        List<Subflow> live = new ArrayList<>();
        for (Subflow s : flows.values()) {
            if (!s.closed || quiet(s, conns)) {
                live.add(s);
            }
        }
        live.sort(Comparator.comparing((Subflow s) -> s.key.toString()));
        return live;
    }

    /**
     * Sets how the table tells whether a user's address is still a station of an AP (the tracker's station lists).
     *
     * @param associated (AP, address) to whether the AP lists the address
     */
    void quietWhile(BiPredicate<String, InetAddress> associated) {
        this.associated = Objects.requireNonNull(associated, "associated");
    }

    /**
     * Tells whether a flow closed by its rule's removal is a quiet subflow: its MPTCP connection has a live subflow
     * and its user's address is still a station of its AP. The sender stopped using it (an MPTCP backup, a stale
     * subflow), the path is still there: it stays in its connection, for grouping, until the idle timeout. A
     * flow whose station left its AP (a user that moved) ends with its rule, as before.
     */
    private boolean quiet(Subflow s, Set<MptcpConnection> conns) {
        return s.closed && s.ruleRemoved && s.conn != null && conns.contains(s.conn)
                && associated.test(s.apId, s.userAddress());
    }

    /** The connections with a flow not closed. */
    private Set<MptcpConnection> liveConnections() {
        Set<MptcpConnection> conns = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Subflow s : flows.values()) {
            if (!s.closed && s.conn != null) {
                conns.add(s.conn);
            }
        }
        return conns;
    }
}
