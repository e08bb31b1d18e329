package org.mpsdn.impl.cluster;

/**
 * Completes a request this ONOS instance leaves to the owner of the control domain it concerns (for example an
 * eNB intent submitted on another instance): the owner does the work and writes the outcome, so the receiving
 * instance writes nothing.
 */
public final class NotOwnerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param what what the owner does instead
     */
    public NotOwnerException(String what) {
        super(what);
    }

    /**
     * Whether a failure (possibly wrapped by a completion stage) says the work is left to the domain's owner.
     *
     * @param error the failure, or null
     * @return true if it is a {@link NotOwnerException}
     */
    public static boolean isCause(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof NotOwnerException) {
                return true;
            }
        }
        return false;
    }
}
