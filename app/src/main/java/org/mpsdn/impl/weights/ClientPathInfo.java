package org.mpsdn.impl.weights;

import java.util.List;
import java.util.Objects;

/**
 * A client path as the client announced it when subscribing.
 */
public final class ClientPathInfo {
    private final String pathId;
    private final String apId;
    private final List<String> addresses;

    /**
     * Creates the path.
     *
     * @param pathId    path identifier (interface name)
     * @param apId      AP the path attaches to, empty when unknown
     * @param addresses interface addresses
     */
    public ClientPathInfo(String pathId, String apId, List<String> addresses) {
        this.pathId = Objects.requireNonNull(pathId, "pathId");
        this.apId = Objects.requireNonNull(apId, "apId");
        this.addresses = List.copyOf(addresses);
    }

    /**
     * Returns the path identifier.
     *
     * @return path id
     */
    public String pathId() {
        return pathId;
    }

    /**
     * Returns the AP identifier.
     *
     * @return AP id, empty when unknown
     */
    public String apId() {
        return apId;
    }

    /**
     * Returns the addresses.
     *
     * @return addresses
     */
    public List<String> addresses() {
        return addresses;
    }
}
