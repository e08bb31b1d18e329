package org.mpsdn.sim.bridge;

/** A request line the bridge cannot serve; the message names the offending field. */
public final class BridgeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong, naming the field and value
     */
    public BridgeException(String message) {
        super(message);
    }
}
