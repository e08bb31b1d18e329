package org.mpsdn.impl.switches;

import org.mpsdn.impl.config.ApSpec;

/**
 * Where the packet-in handler hands each punted frame for the multipath-user detection: the tracker of the
 * instance that owns the AP's control domain, wherever that is.
 */
@FunctionalInterface
public interface PuntSink {
    /**
     * Hands over a punted frame.
     *
     * @param ap        AP whose switch punted it
     * @param frame     the frame as the switch sent it
     * @param nowMillis when it was punted
     */
    void punted(ApSpec ap, byte[] frame, long nowMillis);
}
