package org.mpsdn.core.signal;

import org.mpsdn.core.model.ApDirection;

/**
 * What Algorithm 2 compares with CTh for one AP and direction (line 2 of Algorithm 2,
 * {@code ap.MacOcc = QueryMac(ap)}, generalised). Implementations are stateless and pure: the
 * reading depends only on the inputs, not on the order of their parts.
 */
public interface CongestionSignal {

    /**
     * Reads the signal of one AP and direction.
     *
     * @param in  this cycle's measurements and tiers
     * @param ap  AP index in the snapshot
     * @param key the AP and direction
     * @return a value in [0, 1], or why there is none (the limit is then held)
     */
    SignalReading read(SignalInputs in, int ap, ApDirection key);
}
