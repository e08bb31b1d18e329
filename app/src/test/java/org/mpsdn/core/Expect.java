package org.mpsdn.core;

import static org.junit.Assert.fail;

/**
 * assertThrows for JUnit 4.12 (which ONOS 2.7 pins and which lacks it).
 */
public final class Expect {

    /** Code expected to throw. */
    @FunctionalInterface
    public interface Thrower {
        void run() throws Throwable;
    }

    private Expect() {
    }

    public static <T extends Throwable> T assertThrows(Class<T> type, Thrower code) {
        try {
            code.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            throw new AssertionError("expected " + type.getName() + " but got " + t, t);
        }
        fail("expected " + type.getName() + " but nothing was thrown");
        return null;
    }
}
