package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.DecodeStats;
import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.MpCapable;
import org.mpsdn.mptcp.wire.MpJoin;
import org.mpsdn.mptcp.wire.MptcpOptions;
import org.mpsdn.mptcp.wire.MptcpTokens;
import org.mpsdn.mptcp.wire.PacketDecoder;
import org.mpsdn.mptcp.wire.TcpFlags;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Groups the flows seen in punted packets into MPTCP connections and users.
 * <p>
 * Subflows are grouped into one MPTCP connection by token: the MP_CAPABLE keys give each side's
 * token (most significant 32 bits of SHA-256 of the key, SHA-1 for version 0) and every MP_JOIN
 * SYN carries the token of the side it joins. The user addresses behind the live, established
 * subflows of one connection form one user; static {@link Registration}s add (and take precedence
 * in) grouping; AP station lists give MACs and reveal address reassignment. Each (user, AP) pair
 * is a {@link UserApConnection} for the regulation core.
 * <p>
 * The user's side of a flow is the side that opened it (the client), unless only the other side
 * appears in an AP's station list. Malformed packets are ignored and counted, never thrown.
 * Thread-safe: all methods synchronise on the tracker.
 */
public final class MultipathUserTracker {
    /** Default idle timeout of a flow without any packet or activity report. */
    public static final long DEFAULT_IDLE_TIMEOUT_MILLIS = 600_000;
    /** Default time a SYN may wait for its SYN/ACK. */
    public static final long DEFAULT_SYN_TIMEOUT_MILLIS = 30_000;
    /** Default time a closed flow is remembered (absorbs retransmitted FINs). */
    public static final long DEFAULT_CLOSED_LINGER_MILLIS = 30_000;
    /** Default bound on tracked flows (a SYN flood must not exhaust the controller's memory). */
    public static final int DEFAULT_MAX_FLOWS = 200_000;

    private static final String AUTO_PREFIX = "auto-";

    private final long idleTimeoutMillis;
    private final long synTimeoutMillis;
    private final long closedLingerMillis;
    private final int maxFlows;
    private final DecodeStats decodeStats = new DecodeStats();
    private final AtomicLongArray events = new AtomicLongArray(TrackerEvent.values().length);

    private final Map<FlowKey, Subflow> flows = new HashMap<>();
    private final Map<Long, List<Connection>> byToken = new HashMap<>();
    private final Map<Long, List<Subflow>> pendingJoins = new HashMap<>();
    private final Map<String, Map<InetAddress, String>> stations = new HashMap<>();
    private final Map<InetAddress, String> lastMacOfIp = new HashMap<>();
    private final Map<InetAddress, Long> lastUserOfIp = new HashMap<>();
    private List<Registration> registrations = List.of();
    private long nextConnectionId = 1;
    private long nextUserNumber = 1;
    private long lastFullExpireMillis = Long.MIN_VALUE / 2;

    /**
     * Creates a tracker with the default timeouts.
     */
    public MultipathUserTracker() {
        this(DEFAULT_IDLE_TIMEOUT_MILLIS, DEFAULT_SYN_TIMEOUT_MILLIS, DEFAULT_CLOSED_LINGER_MILLIS);
    }

    /**
     * Creates a tracker.
     *
     * @param idleTimeoutMillis  a flow without packets or activity reports for this long is dropped
     * @param synTimeoutMillis   a handshake not completed within this time is dropped
     * @param closedLingerMillis a closed flow is remembered this long
     * @throws IllegalArgumentException if a timeout is not positive
     */
    public MultipathUserTracker(long idleTimeoutMillis, long synTimeoutMillis, long closedLingerMillis) {
        this(idleTimeoutMillis, synTimeoutMillis, closedLingerMillis, DEFAULT_MAX_FLOWS);
    }

    /**
     * Creates a tracker with a bound on tracked flows.
     *
     * @param idleTimeoutMillis  a flow without packets or activity reports for this long is dropped
     * @param synTimeoutMillis   a handshake not completed within this time is dropped
     * @param closedLingerMillis a closed flow is remembered this long
     * @param maxFlows           new flows beyond this many are ignored and counted
     * @throws IllegalArgumentException if a timeout or the bound is not positive
     */
    public MultipathUserTracker(long idleTimeoutMillis, long synTimeoutMillis, long closedLingerMillis,
                                int maxFlows) {
        requirePositive(idleTimeoutMillis, "idleTimeoutMillis");
        requirePositive(synTimeoutMillis, "synTimeoutMillis");
        requirePositive(closedLingerMillis, "closedLingerMillis");
        requirePositive(maxFlows, "maxFlows");
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.synTimeoutMillis = synTimeoutMillis;
        this.closedLingerMillis = closedLingerMillis;
        this.maxFlows = maxFlows;
    }

    private static void requirePositive(long v, String name) {
        if (v <= 0) {
            throw new IllegalArgumentException(name + " must be > 0, got " + v);
        }
    }

    // ---------------------------------------------------------------- inputs

    /**
     * Feeds one punted frame.
     *
     * @param apId      AP (edge switch port) where the frame was seen
     * @param frame     raw Ethernet frame
     * @param nowMillis current time
     * @return true if the frame was decoded and used
     */
    public synchronized boolean onPacket(String apId, byte[] frame, long nowMillis) {
        Objects.requireNonNull(apId, "apId");
        count(TrackerEvent.PACKETS);
        DecodedPacket p = PacketDecoder.decode(frame, decodeStats);
        if (p == null) {
            count(TrackerEvent.UNDECODABLE);
            return false;
        }
        return onDecodedPacket(apId, p, nowMillis);
    }

    /**
     * Feeds one already decoded packet.
     *
     * @param apId      AP where the packet was seen
     * @param p         decoded packet
     * @param nowMillis current time
     * @return true if the packet was used
     */
    public synchronized boolean onDecodedPacket(String apId, DecodedPacket p, long nowMillis) {
        Objects.requireNonNull(apId, "apId");
        Objects.requireNonNull(p, "packet");
        if (flows.size() >= maxFlows && nowMillis - lastFullExpireMillis >= 1000) {
            lastFullExpireMillis = nowMillis;
            expire(nowMillis);
        }
        FlowKey fwd = new FlowKey(p.protocol(), p.srcIp(), p.srcPort(), p.dstIp(), p.dstPort());
        if (!p.isTcp()) {
            return onUdp(apId, p, fwd, nowMillis);
        }
        int f = p.tcpFlags();
        boolean syn = TcpFlags.has(f, TcpFlags.SYN);
        boolean ack = TcpFlags.has(f, TcpFlags.ACK);
        if (syn && !ack) {
            onSyn(apId, p, fwd, nowMillis);
            return true;
        }
        if (syn) {
            onSynAck(apId, p, fwd.reversed(), nowMillis);
            return true;
        }
        return onOther(apId, p, fwd, nowMillis);
    }

    /**
     * Reports that the switch removed the rule of a flow (idle or hard timeout): the flow ends.
     *
     * @param protocol  IP protocol
     * @param srcIp     source address (either orientation)
     * @param srcPort   source port
     * @param dstIp     destination address
     * @param dstPort   destination port
     * @param nowMillis current time
     * @return true if the flow was known and live
     */
    public synchronized boolean onFlowRemoved(int protocol, InetAddress srcIp, int srcPort, InetAddress dstIp,
                                              int dstPort, long nowMillis) {
        Subflow s = find(new FlowKey(protocol, srcIp, srcPort, dstIp, dstPort));
        if (s == null || s.closed) {
            return false;
        }
        close(s, nowMillis);
        return true;
    }

    /**
     * Reports that a flow is still active (for example its rule's byte counter grew), so that idle
     * expiry keeps it.
     *
     * @param protocol  IP protocol
     * @param srcIp     source address (either orientation)
     * @param srcPort   source port
     * @param dstIp     destination address
     * @param dstPort   destination port
     * @param nowMillis current time
     * @return true if the flow was known and live
     */
    public synchronized boolean onFlowActive(int protocol, InetAddress srcIp, int srcPort, InetAddress dstIp,
                                             int dstPort, long nowMillis) {
        Subflow s = find(new FlowKey(protocol, srcIp, srcPort, dstIp, dstPort));
        if (s == null || s.closed) {
            return false;
        }
        s.lastSeen = Math.max(s.lastSeen, nowMillis);
        return true;
    }

    /**
     * Replaces the static registrations.
     *
     * @param regs registrations
     */
    public synchronized void setRegistrations(List<Registration> regs) {
        this.registrations = List.copyOf(regs);
    }

    /**
     * Replaces one AP's station list (IP to MAC, from the AP agent). An IP that appears with a MAC
     * different from the one it last had, while no other AP still lists the old MAC for it, was
     * reassigned to another device: the flows of the old device on that IP end.
     *
     * @param apId      AP
     * @param ipToMac   the stations' IPs and MACs
     * @param nowMillis current time
     * @throws IllegalArgumentException if a MAC is malformed
     */
    public synchronized void updateStations(String apId, Map<InetAddress, String> ipToMac, long nowMillis) {
        Objects.requireNonNull(apId, "apId");
        Map<InetAddress, String> list = new LinkedHashMap<>();
        for (Map.Entry<InetAddress, String> e : ipToMac.entrySet()) {
            list.put(Objects.requireNonNull(e.getKey(), "station IP"),
                     Macs.normalize(e.getValue(), "station list of " + apId + ", IP " + e.getKey().getHostAddress()));
        }
        stations.put(apId, list);
        for (Map.Entry<InetAddress, String> e : list.entrySet()) {
            InetAddress ip = e.getKey();
            String prev = lastMacOfIp.put(ip, e.getValue());
            if (prev != null && !prev.equals(e.getValue()) && !listedElsewhere(ip, prev, apId)) {
                count(TrackerEvent.ADDRESSES_REASSIGNED);
                lastUserOfIp.remove(ip);
                for (Subflow s : new ArrayList<>(flows.values())) {
                    if (!s.closed && s.userAddress().equals(ip)) {
                        close(s, nowMillis);
                    }
                }
            }
        }
    }

    private boolean listedElsewhere(InetAddress ip, String mac, String exceptAp) {
        for (Map.Entry<String, Map<InetAddress, String>> e : stations.entrySet()) {
            if (!e.getKey().equals(exceptAp) && mac.equals(e.getValue().get(ip))) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- packet handling

    private boolean onUdp(String apId, DecodedPacket p, FlowKey fwd, long now) {
        Subflow s = find(fwd);
        if (s == null || s.closed) {
            if (s != null) {
                remove(s);
            }
            s = new Subflow(fwd, apId, FlowRole.UDP, now);
            s.established = true;
            s.userIsResponder = userIsResponder(fwd);
            if (!admit(s)) {
                return false;
            }
        }
        s.lastSeen = Math.max(s.lastSeen, now);
        return true;
    }

    private void onSyn(String apId, DecodedPacket p, FlowKey key, long now) {
        Subflow old = flows.get(key);
        if (old != null && !old.closed) {
            old.lastSeen = Math.max(old.lastSeen, now);
            return;
        }
        if (old != null) {
            remove(old);
        }
        MptcpOptions o = p.mptcp();
        Subflow s;
        if (o.mpJoin() != null && o.mpJoin().form() == MpJoin.Form.SYN) {
            s = new Subflow(key, apId, FlowRole.MPTCP_JOIN, now);
            s.joinToken = o.mpJoin().token();
            if (admit(s)) {
                resolveJoin(s);
            }
            return;
        }
        if (o.mpCapable() != null) {
            s = new Subflow(key, apId, FlowRole.MPTCP_PRIMARY, now);
            s.userIsResponder = userIsResponder(key);
            openConnection(s, o.mpCapable().version());
            if (o.mpCapable().senderKey() != null) {
                learnInitiatorKey(s.conn, o.mpCapable().senderKey(), o.mpCapable().version());
            }
        } else {
            s = new Subflow(key, apId, FlowRole.TCP, now);
            s.userIsResponder = userIsResponder(key);
        }
        admit(s);
    }

    private void onSynAck(String apId, DecodedPacket p, FlowKey key, long now) {
        MptcpOptions o = p.mptcp();
        MpCapable c = o.mpCapable();
        MpJoin j = o.mpJoin();
        Subflow s = flows.get(key);
        if (s == null || s.closed) {
            if (s != null) {
                remove(s);
            }
            // the SYN was not seen: start from the SYN/ACK
            if (j != null && j.form() == MpJoin.Form.SYN_ACK) {
                s = new Subflow(key, apId, FlowRole.MPTCP_JOIN, now);
                count(TrackerEvent.JOINS_UNRESOLVED);
            } else if (c != null && c.senderKey() != null) {
                s = new Subflow(key, apId, FlowRole.MPTCP_PRIMARY, now);
                s.userIsResponder = userIsResponder(key);
                openConnection(s, c.version());
                learnResponderKey(s.conn, c.senderKey(), c.version());
            } else {
                s = new Subflow(key, apId, FlowRole.TCP, now);
                s.userIsResponder = userIsResponder(key);
            }
            s.established = true;
            admit(s);
            return;
        }
        s.lastSeen = Math.max(s.lastSeen, now);
        if (s.role == FlowRole.MPTCP_PRIMARY) {
            if (c != null && c.senderKey() != null) {
                s.conn.version = c.version();
                learnResponderKey(s.conn, c.senderKey(), c.version());
            } else {
                count(TrackerEvent.FALLBACKS);
                s.role = FlowRole.TCP_FALLBACK;
                detach(s);
            }
        } else if (s.role == FlowRole.MPTCP_JOIN && (j == null || j.form() != MpJoin.Form.SYN_ACK)) {
            count(TrackerEvent.JOINS_REJECTED);
            s.established = true;
            close(s, now);
            return;
        }
        s.established = true;
    }

    private boolean onOther(String apId, DecodedPacket p, FlowKey fwd, long now) {
        MptcpOptions o = p.mptcp();
        int f = p.tcpFlags();
        boolean fromInitiator = true;
        Subflow s = flows.get(fwd);
        if (s == null) {
            s = flows.get(fwd.reversed());
            fromInitiator = false;
        }
        MpCapable c = o.mpCapable();
        boolean ending = TcpFlags.has(f, TcpFlags.FIN) || TcpFlags.has(f, TcpFlags.RST);
        if (s == null || s.closed) {
            if (c != null && c.receiverKey() != null && !ending) {
                // third ACK (or first data) of a handshake whose SYN and SYN/ACK were not seen
                if (s != null) {
                    remove(s);
                }
                s = new Subflow(fwd, apId, FlowRole.MPTCP_PRIMARY, now);
                s.userIsResponder = userIsResponder(fwd);
                s.established = true;
                openConnection(s, c.version());
                learnInitiatorKey(s.conn, c.senderKey(), c.version());
                learnResponderKey(s.conn, c.receiverKey(), c.version());
                return admit(s);
            }
            if (s == null) {
                count(TrackerEvent.MIDSTREAM_IGNORED);
            }
            return false;
        }
        s.lastSeen = Math.max(s.lastSeen, now);
        if (TcpFlags.has(f, TcpFlags.ACK)) {
            s.established = true;
        }
        if (c != null && fromInitiator && s.role == FlowRole.MPTCP_PRIMARY && s.conn != null) {
            if (c.senderKey() != null) {
                learnInitiatorKey(s.conn, c.senderKey(), c.version());
            }
            if (c.receiverKey() != null) {
                learnResponderKey(s.conn, c.receiverKey(), c.version());
            }
        }
        if (o.fastClose() && s.conn != null) {
            for (Subflow sf : new ArrayList<>(s.conn.subflows)) {
                if (!sf.closed) {
                    close(sf, now);
                }
            }
        }
        if (ending && !s.closed) {
            close(s, now);
        }
        return true;
    }

    /** Adds a new flow unless the table is full (then counts it and returns false). */
    private boolean admit(Subflow s) {
        if (flows.size() >= maxFlows) {
            count(TrackerEvent.TABLE_FULL);
            detach(s);
            return false;
        }
        flows.put(s.key, s);
        return true;
    }

    private Subflow find(FlowKey key) {
        Subflow s = flows.get(key);
        return s != null ? s : flows.get(key.reversed());
    }

    private boolean userIsResponder(FlowKey key) {
        return isStation(key.responderIp()) && !isStation(key.initiatorIp());
    }

    private boolean isStation(InetAddress ip) {
        for (Map<InetAddress, String> list : stations.values()) {
            if (list.containsKey(ip)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- connections and tokens

    private void openConnection(Subflow s, int version) {
        Connection conn = new Connection(nextConnectionId++, version, !s.userIsResponder);
        conn.subflows.add(s);
        s.conn = conn;
        count(TrackerEvent.MPTCP_CONNECTIONS);
    }

    private void learnInitiatorKey(Connection conn, long key, int version) {
        if (conn.initiatorToken < 0) {
            conn.initiatorToken = MptcpTokens.token(key, version);
            index(conn, conn.initiatorToken);
        }
    }

    private void learnResponderKey(Connection conn, long key, int version) {
        if (conn.responderToken < 0) {
            conn.responderToken = MptcpTokens.token(key, version);
            index(conn, conn.responderToken);
        }
    }

    private void index(Connection conn, long token) {
        byToken.computeIfAbsent(token, t -> new ArrayList<>()).add(conn);
        List<Subflow> waiting = pendingJoins.remove(token);
        if (waiting != null) {
            for (Subflow s : waiting) {
                if (s.conn == null && flows.get(s.key) == s) {
                    resolveJoin(s);
                }
            }
        }
    }

    private void resolveJoin(Subflow s) {
        List<Connection> cands = byToken.get(s.joinToken);
        if (cands == null || cands.isEmpty()) {
            count(TrackerEvent.JOINS_UNRESOLVED);
            pendingJoins.computeIfAbsent(s.joinToken, t -> new ArrayList<>()).add(s);
            return;
        }
        Connection chosen = cands.get(cands.size() - 1);
        if (cands.size() > 1) {
            count(TrackerEvent.TOKEN_COLLISIONS);
            // prefer a connection whose peer on the joined side is the join's destination
            for (Connection c : cands) {
                for (Subflow sf : c.subflows) {
                    if (!sf.closed && (sf.key.responderIp().equals(s.key.responderIp())
                            || sf.key.initiatorIp().equals(s.key.responderIp()))) {
                        chosen = c;
                    }
                }
            }
        }
        // the join's SYN sender is the connection initiator's host iff the token is the responder's
        boolean joinFromConnInitiator = s.joinToken == chosen.responderToken;
        s.userIsResponder = joinFromConnInitiator != chosen.userIsConnInitiator;
        s.conn = chosen;
        chosen.subflows.add(s);
        count(TrackerEvent.JOINS_RESOLVED);
    }

    private void detach(Subflow s) {
        Connection conn = s.conn;
        if (conn == null) {
            return;
        }
        conn.subflows.remove(s);
        s.conn = null;
        if (conn.subflows.isEmpty()) {
            unindex(conn);
        }
    }

    private void unindex(Connection conn) {
        for (long t : new long[]{conn.initiatorToken, conn.responderToken}) {
            List<Connection> l = byToken.get(t);
            if (l != null) {
                l.remove(conn);
                if (l.isEmpty()) {
                    byToken.remove(t);
                }
            }
        }
    }

    private void close(Subflow s, long now) {
        s.closed = true;
        s.closedAt = now;
        count(TrackerEvent.FLOWS_CLOSED);
    }

    private void remove(Subflow s) {
        flows.remove(s.key, s);
        detach(s);
        if (s.joinToken != null) {
            List<Subflow> l = pendingJoins.get(s.joinToken);
            if (l != null) {
                l.remove(s);
                if (l.isEmpty()) {
                    pendingJoins.remove(s.joinToken);
                }
            }
        }
    }

    /**
     * Drops closed flows after their linger time, handshakes that never completed and idle flows.
     *
     * @param nowMillis current time
     */
    public synchronized void expire(long nowMillis) {
        for (Subflow s : new ArrayList<>(flows.values())) {
            if (s.closed) {
                if (nowMillis - s.closedAt >= closedLingerMillis) {
                    remove(s);
                }
            } else if (!s.established && nowMillis - s.created >= synTimeoutMillis
                    || nowMillis - s.lastSeen >= idleTimeoutMillis) {
                count(TrackerEvent.FLOWS_EXPIRED);
                remove(s);
            }
        }
    }

    // ---------------------------------------------------------------- grouping

    /**
     * Expires old flows and returns the current grouping.
     *
     * @param nowMillis current time
     * @return users, live flows and conflicts
     */
    public synchronized UserSnapshot users(long nowMillis) {
        expire(nowMillis);
        List<Conflict> conflicts = new ArrayList<>();
        Owners owners = new Owners(conflicts);

        List<Subflow> live = new ArrayList<>();
        for (Subflow s : flows.values()) {
            if (!s.closed) {
                live.add(s);
            }
        }
        live.sort(Comparator.comparing((Subflow s) -> s.key.toString()));
        UnionFind uf = new UnionFind();
        for (Subflow s : live) {
            InetAddress a = s.userAddress();
            uf.add(a, owners.ownerOf(a));
        }
        // addresses registered to one UE form one user
        Map<String, InetAddress> firstOfOwner = new HashMap<>();
        for (InetAddress a : new ArrayList<>(uf.nodes())) {
            String o = owners.ownerOf(a);
            if (o != null) {
                InetAddress first = firstOfOwner.putIfAbsent(o, a);
                if (first != null) {
                    uf.union(first, a);
                }
            }
        }
        // established subflows of one live MPTCP connection form one user
        Map<Long, Connection> conns = new TreeMap<>();
        for (Subflow s : live) {
            if (s.conn != null) {
                conns.put(s.conn.id, s.conn);
            }
        }
        for (Connection c : conns.values()) {
            InetAddress first = null;
            for (Subflow s : c.subflows) {
                if (s.closed || !s.established) {
                    continue;
                }
                InetAddress a = s.userAddress();
                if (first == null) {
                    first = a;
                } else if (!uf.union(first, a)) {
                    conflicts.add(new Conflict(Conflict.Kind.CONNECTION_SPANS_REGISTRATIONS,
                            "connection " + c.id, "MPTCP connection joins " + first.getHostAddress() + " (UE "
                            + uf.owner(first) + ") and " + a.getHostAddress() + " (UE " + uf.owner(a)
                            + "): kept apart as registered"));
                }
            }
        }
        // components become users
        Map<InetAddress, List<Subflow>> byRoot = new LinkedHashMap<>();
        for (Subflow s : live) {
            byRoot.computeIfAbsent(uf.find(s.userAddress()), r -> new ArrayList<>()).add(s);
        }
        Map<InetAddress, String> idOfRoot = assignIds(byRoot, uf);

        List<MultipathUser> users = new ArrayList<>();
        List<TrackedFlow> views = new ArrayList<>();
        Map<InetAddress, String> macOfIp = owners.stationMacs();
        for (Map.Entry<InetAddress, List<Subflow>> e : byRoot.entrySet()) {
            String id = idOfRoot.get(e.getKey());
            boolean registered = uf.owner(e.getKey()) != null;
            Set<InetAddress> addrs = new TreeSet<>(Comparator.comparing(InetAddress::getHostAddress));
            Set<String> macs = new TreeSet<>();
            Map<String, List<Subflow>> byAp = new TreeMap<>();
            Map<Connection, Set<String>> apsOfConn = new HashMap<>();
            for (Subflow s : e.getValue()) {
                addrs.add(s.userAddress());
                String mac = macOfIp.get(s.userAddress());
                if (mac != null) {
                    macs.add(mac);
                }
                byAp.computeIfAbsent(s.apId, a -> new ArrayList<>()).add(s);
                if (s.conn != null && s.established) {
                    apsOfConn.computeIfAbsent(s.conn, c -> new HashSet<>()).add(s.apId);
                }
                views.add(new TrackedFlow(s.key, s.apId, s.role, s.established, s.userAddress(), id,
                                       s.conn != null ? s.conn.id : 0));
            }
            boolean multipath = false;
            for (Set<String> aps : apsOfConn.values()) {
                multipath |= aps.size() >= 2;
            }
            List<UserApConnection> perAp = new ArrayList<>();
            for (Map.Entry<String, List<Subflow>> ap : byAp.entrySet()) {
                Set<InetAddress> apAddrs = new TreeSet<>(Comparator.comparing(InetAddress::getHostAddress));
                int[] n = new int[FlowRole.values().length];
                for (Subflow s : ap.getValue()) {
                    apAddrs.add(s.userAddress());
                    n[s.role.ordinal()]++;
                }
                perAp.add(new UserApConnection(id, ap.getKey(), apAddrs, n[FlowRole.MPTCP_PRIMARY.ordinal()],
                        n[FlowRole.MPTCP_JOIN.ordinal()],
                        n[FlowRole.TCP.ordinal()] + n[FlowRole.TCP_FALLBACK.ordinal()], n[FlowRole.UDP.ordinal()]));
            }
            users.add(new MultipathUser(id, registered, addrs, macs, multipath, perAp));
        }
        users.sort(Comparator.comparing(MultipathUser::id));
        views.sort(Comparator.comparing((TrackedFlow v) -> v.key().toString()));
        return new UserSnapshot(users, views, conflicts);
    }

    /**
     * Chooses ids: a registered component takes its UE id; a detected component keeps the id
     * its connections or addresses had (oldest first), else gets a new {@code auto-N}.
     */
    private Map<InetAddress, String> assignIds(Map<InetAddress, List<Subflow>> byRoot, UnionFind uf) {
        Map<InetAddress, String> out = new HashMap<>();
        Set<Long> taken = new HashSet<>();
        Map<InetAddress, Long> nextLastUser = new HashMap<>();
        for (Map.Entry<InetAddress, List<Subflow>> e : byRoot.entrySet()) {
            String owner = uf.owner(e.getKey());
            if (owner != null) {
                out.put(e.getKey(), owner);
                continue;
            }
            TreeSet<Long> cands = new TreeSet<>();
            for (Subflow s : e.getValue()) {
                if (s.conn != null && s.conn.userNumber > 0) {
                    cands.add(s.conn.userNumber);
                }
                Long last = lastUserOfIp.get(s.userAddress());
                if (last != null) {
                    cands.add(last);
                }
            }
            cands.removeAll(taken);
            long n = cands.isEmpty() ? nextUserNumber++ : cands.first();
            taken.add(n);
            out.put(e.getKey(), AUTO_PREFIX + n);
            for (Subflow s : e.getValue()) {
                if (s.conn != null) {
                    s.conn.userNumber = n;
                }
                nextLastUser.put(s.userAddress(), n);
            }
        }
        lastUserOfIp.clear();
        lastUserOfIp.putAll(nextLastUser);
        return out;
    }

    /** Owner (registered UE id) of addresses, from registrations and station lists. */
    private final class Owners {
        private final Map<InetAddress, String> regOfIp = new HashMap<>();
        private final Map<String, String> regOfMac = new HashMap<>();
        private final Map<InetAddress, String> macOfIp = new HashMap<>();
        private final List<Conflict> conflicts;
        private final Set<InetAddress> mismatchReported = new HashSet<>();

        Owners(List<Conflict> conflicts) {
            this.conflicts = conflicts;
            List<Registration> regs = new ArrayList<>(registrations);
            regs.sort(Comparator.comparing(Registration::ueId));
            for (Registration r : regs) {
                for (InetAddress ip : r.ips()) {
                    String prev = regOfIp.putIfAbsent(ip, r.ueId());
                    if (prev != null && !prev.equals(r.ueId())) {
                        conflicts.add(new Conflict(Conflict.Kind.ADDRESS_IN_TWO_REGISTRATIONS, ip.getHostAddress(),
                                "registered to UE " + prev + " and UE " + r.ueId() + ": using " + prev));
                    }
                }
                for (String mac : r.macs()) {
                    String prev = regOfMac.putIfAbsent(mac, r.ueId());
                    if (prev != null && !prev.equals(r.ueId())) {
                        conflicts.add(new Conflict(Conflict.Kind.ADDRESS_IN_TWO_REGISTRATIONS, mac,
                                "registered to UE " + prev + " and UE " + r.ueId() + ": using " + prev));
                    }
                }
            }
            Map<InetAddress, Map<String, Set<String>>> claims = new TreeMap<>(
                    Comparator.comparing((InetAddress a) -> Arrays.toString(a.getAddress())));
            for (Map.Entry<String, Map<InetAddress, String>> ap : new TreeMap<>(stations).entrySet()) {
                for (Map.Entry<InetAddress, String> st : ap.getValue().entrySet()) {
                    claims.computeIfAbsent(st.getKey(), k -> new TreeMap<>())
                            .computeIfAbsent(st.getValue(), k -> new TreeSet<>()).add(ap.getKey());
                }
            }
            for (Map.Entry<InetAddress, Map<String, Set<String>>> c : claims.entrySet()) {
                if (c.getValue().size() == 1) {
                    macOfIp.put(c.getKey(), c.getValue().keySet().iterator().next());
                } else {
                    conflicts.add(new Conflict(Conflict.Kind.ADDRESS_CLAIMED_BY_TWO_STATIONS,
                            c.getKey().getHostAddress(), "station lists give it to " + c.getValue()
                            + " (MAC to APs): MAC left unknown"));
                }
            }
        }

        String ownerOf(InetAddress ip) {
            String byIp = regOfIp.get(ip);
            String mac = macOfIp.get(ip);
            String byMac = mac != null ? regOfMac.get(mac) : null;
            if (byIp != null && byMac != null && !byIp.equals(byMac) && mismatchReported.add(ip)) {
                conflicts.add(new Conflict(Conflict.Kind.REGISTRATION_STATION_MISMATCH, ip.getHostAddress(),
                        "IP registered to UE " + byIp + " but its station MAC " + mac + " is registered to UE "
                        + byMac + ": using " + byIp));
            }
            return byIp != null ? byIp : byMac;
        }

        Map<InetAddress, String> stationMacs() {
            return macOfIp;
        }
    }

    // ---------------------------------------------------------------- counters

    private void count(TrackerEvent e) {
        events.incrementAndGet(e.ordinal());
    }

    /**
     * Returns how often a tracker event happened.
     *
     * @param e event
     * @return count
     */
    public long eventCount(TrackerEvent e) {
        return events.get(e.ordinal());
    }

    /**
     * Returns the non-zero tracker counters.
     *
     * @return event to count
     */
    public Map<TrackerEvent, Long> counters() {
        Map<TrackerEvent, Long> out = new EnumMap<>(TrackerEvent.class);
        for (TrackerEvent e : TrackerEvent.values()) {
            long v = events.get(e.ordinal());
            if (v != 0) {
                out.put(e, v);
            }
        }
        return out;
    }

    /**
     * Returns the decoder's counters (skipped and malformed frames).
     *
     * @return decoder counters
     */
    public DecodeStats decodeStats() {
        return decodeStats;
    }

    // ---------------------------------------------------------------- state

    /** One tracked flow (TCP subflow or UDP flow). */
    private static final class Subflow {
        final FlowKey key;
        final String apId;
        final long created;
        FlowRole role;
        boolean established;
        boolean closed;
        long closedAt;
        long lastSeen;
        Connection conn;
        Long joinToken;
        boolean userIsResponder;

        Subflow(FlowKey key, String apId, FlowRole role, long now) {
            this.key = key;
            this.apId = apId;
            this.role = role;
            this.created = now;
            this.lastSeen = now;
        }

        InetAddress userAddress() {
            return userIsResponder ? key.responderIp() : key.initiatorIp();
        }
    }

    /** One MPTCP connection. */
    private static final class Connection {
        final long id;
        final boolean userIsConnInitiator;
        final Set<Subflow> subflows = new LinkedHashSet<>();
        int version;
        long initiatorToken = -1;
        long responderToken = -1;
        long userNumber;

        Connection(long id, int version, boolean userIsConnInitiator) {
            this.id = id;
            this.version = version;
            this.userIsConnInitiator = userIsConnInitiator;
        }
    }

    /** Union-find over addresses; a component carries at most one registered owner. */
    private static final class UnionFind {
        private final Map<InetAddress, InetAddress> parent = new LinkedHashMap<>();
        private final Map<InetAddress, String> ownerOfRoot = new HashMap<>();

        void add(InetAddress a, String owner) {
            if (parent.putIfAbsent(a, a) == null && owner != null) {
                ownerOfRoot.put(a, owner);
            }
        }

        Set<InetAddress> nodes() {
            return parent.keySet();
        }

        InetAddress find(InetAddress a) {
            InetAddress p = parent.get(a);
            if (p == null) {
                return null;
            }
            while (!p.equals(parent.get(p))) {
                p = parent.get(p);
            }
            parent.put(a, p);
            return p;
        }

        String owner(InetAddress a) {
            InetAddress r = find(a);
            return r == null ? null : ownerOfRoot.get(r);
        }

        /** Merges; returns false (and does not merge) if both sides have different owners. */
        boolean union(InetAddress a, InetAddress b) {
            InetAddress ra = find(a);
            InetAddress rb = find(b);
            if (ra == null || rb == null || ra.equals(rb)) {
                return true;
            }
            String oa = ownerOfRoot.get(ra);
            String ob = ownerOfRoot.get(rb);
            if (oa != null && ob != null && !oa.equals(ob)) {
                return false;
            }
            parent.put(rb, ra);
            if (oa == null && ob != null) {
                ownerOfRoot.put(ra, ob);
            }
            ownerOfRoot.remove(rb);
            return true;
        }
    }
}
