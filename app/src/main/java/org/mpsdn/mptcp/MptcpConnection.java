package org.mpsdn.mptcp;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One MPTCP connection: its subflows and the tokens derived from both sides' keys (-1 while a
 * key is unknown). Not a {@link UserApConnection} (a user–AP pair). Mutable state of the
 * tracker, guarded by its lock.
 */
final class MptcpConnection {
    final long id;
    final boolean userIsConnInitiator;
    final Set<Subflow> subflows = new LinkedHashSet<>();
    int version;
    long initiatorToken = -1;
    long responderToken = -1;
    /** The detected user number ({@code auto-N}) the connection was last grouped into, 0 if none. */
    long userNumber;
    /**
     * Last 64-bit data sequence values seen, server-to-user and user-to-server, or where a space starts (its
     * holder's key seen, {@link TokenIndex}); null while unknown. {@link MidstreamPickup} groups by them.
     */
    Long toUserSeq;
    Long toServerSeq;

    MptcpConnection(long id, int version, boolean userIsConnInitiator) {
        this.id = id;
        this.version = version;
        this.userIsConnInitiator = userIsConnInitiator;
    }
}
