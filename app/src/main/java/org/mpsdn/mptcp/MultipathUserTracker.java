package org.mpsdn.mptcp;

import org.mpsdn.mptcp.wire.DecodeStats;
import org.mpsdn.mptcp.wire.DecodedPacket;
import org.mpsdn.mptcp.wire.EnumCounters;
import org.mpsdn.mptcp.wire.PacketDecoder;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Groups the flows seen in punted packets into MPTCP connections and users.
 * <p>
 * Subflows are grouped into one MPTCP connection by token: the MP_CAPABLE keys give each side's
 * token (most significant 32 bits of SHA-256 of the key, SHA-1 for version 0) and every MP_JOIN
 * SYN carries the token of the side it joins. The user addresses behind the live, established
 * subflows of one connection form one user; static {@link Registration}s add (and take precedence
 * in) grouping; AP station lists tell which side of a flow is a station, give MACs (when the AP
 * knows them) and reveal address reassignment. Each (user, AP) pair
 * is a {@link UserApConnection} for the regulation core.
 * <p>
 * The user's side of a flow is the side that opened it (the client), unless only the other side
 * appears in an AP's station list. Malformed packets are ignored and counted, never thrown.
 * Thread-safe: all methods synchronise on the tracker.
 * <p>
 * A façade over {@link SubflowTable} (flows, expiry), {@link TokenIndex} (MPTCP connections by
 * token), {@link StationDirectory} (AP station lists), {@link PacketHandler} (handshakes and
 * endings) and {@link UserGrouping} (users, owners, sticky ids).
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

    private final DecodeStats decodeStats = new DecodeStats();
    private final EnumCounters<TrackerEvent> events = new EnumCounters<>(TrackerEvent.class);
    private final SubflowTable table;
    private final StationDirectory stations = new StationDirectory();
    private final PacketHandler handler;
    private final UserGrouping grouping = new UserGrouping();
    private List<Registration> registrations = List.of();

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
        this.table = new SubflowTable(idleTimeoutMillis, synTimeoutMillis, closedLingerMillis, maxFlows, events);
        this.handler = new PacketHandler(table, stations, events);
        table.quietWhile(stations::isStationAt);
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
        events.count(TrackerEvent.PACKETS);
        DecodedPacket p = PacketDecoder.decode(frame, decodeStats);
        if (p == null) {
            events.count(TrackerEvent.UNDECODABLE);
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
        table.expireIfFull(nowMillis);
        return handler.handle(apId, p, nowMillis);
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
        Subflow s = liveFlow(protocol, srcIp, srcPort, dstIp, dstPort);
        if (s == null) {
            return false;
        }
        table.closeRuleRemoved(s, nowMillis);
        return true;
    }

    /**
     * Reports that a flow is still active (for example its rule's byte counter grew), so that idle
     * expiry keeps it: the flow-statistics path calls this, since only a flow's first packets are
     * punted. The flow's last-seen time never moves back; a handshake that never completed still
     * ends at the SYN timeout; an ended or unknown flow is not revived.
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
        Subflow s = liveFlow(protocol, srcIp, srcPort, dstIp, dstPort);
        if (s == null) {
            return false;
        }
        s.touch(nowMillis);
        return true;
    }

    private Subflow liveFlow(int protocol, InetAddress srcIp, int srcPort, InetAddress dstIp, int dstPort) {
        Subflow s = table.find(new SubflowKey(protocol, srcIp, srcPort, dstIp, dstPort));
        return s == null || s.closed ? null : s;
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
     * Replaces one AP's station list (IP to MAC, from the AP agent). A station without a MAC (null
     * or empty: an eNB's UE) is a station by its IP; an entry with a malformed MAC is rejected and
     * the rest of the list kept. An IP that appears with a MAC different from the one it last had,
     * while no other AP still lists the old MAC for it, was reassigned to another device: the
     * flows of the old device on that IP end.
     *
     * @param apId      AP
     * @param ipToMac   the stations' IPs and MACs
     * @param nowMillis current time
     * @return stations kept, entries rejected (with the reason) and addresses reassigned
     */
    public synchronized StationUpdate updateStations(String apId, Map<InetAddress, String> ipToMac,
                                                     long nowMillis) {
        StationUpdate u = stations.update(apId, ipToMac);
        for (InetAddress ip : u.reassigned()) {
            events.count(TrackerEvent.ADDRESSES_REASSIGNED);
            grouping.forget(ip);
            table.closeFlowsOf(ip, nowMillis);
        }
        handler.stationsChanged(nowMillis);
        return u;
    }

    /**
     * Drops closed flows after their linger time, handshakes that never completed and idle flows;
     * retries (or, after their wait, drops) mid-stream segments that came before any station list.
     *
     * @param nowMillis current time
     */
    public synchronized void expire(long nowMillis) {
        table.expire(nowMillis);
        handler.stationsChanged(nowMillis);
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
        return grouping.group(table.live(), registrations, stations);
    }

    // ---------------------------------------------------------------- counters

    /**
     * Returns how often a tracker event happened.
     *
     * @param e event
     * @return count
     */
    public long eventCount(TrackerEvent e) {
        return events.get(e);
    }

    /**
     * Returns the non-zero tracker counters.
     *
     * @return event to count
     */
    public Map<TrackerEvent, Long> counters() {
        return events.nonZero();
    }

    /**
     * Returns the decoder's counters (skipped and malformed frames).
     *
     * @return decoder counters
     */
    public DecodeStats decodeStats() {
        return decodeStats;
    }
}
