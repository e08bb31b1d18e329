package org.mpsdn.lab.host.openflow;

import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the in-memory services need of a switch: send a message, a barrier, a multipart request.
 * {@link OfSwitchConnection} is the real one; tests use a simulated switch.
 */
public interface OfChannel {

    /**
     * The OpenFlow factory (version 1.3).
     *
     * @return factory
     */
    OFFactory factory();

    /**
     * Allocates a transaction id.
     *
     * @return new xid
     */
    long xid();

    /**
     * Writes one message.
     *
     * @param msg message to send
     */
    void send(OFMessage msg);

    /**
     * Sends a BARRIER_REQUEST; completes when the switch answers (all earlier messages processed).
     *
     * @return future barrier reply
     */
    default CompletableFuture<OFMessage> barrier() {
        return barrier(xid());
    }

    /**
     * Sends a BARRIER_REQUEST with a given xid (ONOS sends a batch's barrier with the batch id).
     *
     * @param xid transaction id of the barrier
     * @return future barrier reply
     */
    CompletableFuture<OFMessage> barrier(long xid);

    /**
     * Sends a multipart request and gathers all reply parts.
     *
     * @param request request (its xid is replaced)
     * @return future list of reply parts
     */
    CompletableFuture<List<OFStatsReply>> stats(OFStatsRequest<?> request);
}
