package org.mpsdn.lab.host.openflow;

import org.projectfloodlight.openflow.protocol.OFMessage;

/**
 * Receives switch life-cycle events and asynchronous messages from {@link OfSwitchConnection}s.
 */
public interface OfSwitchListener {

    /**
     * Called once the handshake (HELLO, FEATURES, SET_CONFIG, PORT_DESC) finished.
     *
     * @param sw the ready switch
     */
    void switchReady(OfSwitchConnection sw);

    /**
     * Called when the connection closed.
     *
     * @param sw the switch that left
     */
    void switchGone(OfSwitchConnection sw);

    /**
     * Called for asynchronous messages (PACKET_IN, FLOW_REMOVED, ERROR, PORT_STATUS).
     *
     * @param sw  the sending switch
     * @param msg the message
     */
    void message(OfSwitchConnection sw, OFMessage msg);
}
