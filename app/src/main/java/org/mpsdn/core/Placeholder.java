package org.mpsdn.core;

/**
 * Build probe.
 */
public final class Placeholder {
    private Placeholder() {
    }
}
