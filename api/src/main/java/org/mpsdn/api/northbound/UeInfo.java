package org.mpsdn.api.northbound;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Operator view of one UE: its connections and primary AP.
 */
public final class UeInfo {
    private final String id;
    private final boolean registered;
    private final String primaryAp;
    private final List<UeConnection> connections;

    /**
     * Creates a UE view.
     *
     * @param id          UE id (registered id, or ip:ADDRESS for an unregistered station)
     * @param registered  whether the UE is statically registered
     * @param primaryAp   AP of the primary connection, null if none was chosen
     * @param connections connections
     */
    public UeInfo(String id, boolean registered, String primaryAp, List<UeConnection> connections) {
        this.id = Objects.requireNonNull(id, "id");
        this.registered = registered;
        this.primaryAp = primaryAp;
        this.connections = List.copyOf(connections);
    }

    /** @return UE id */
    public String id() {
        return id;
    }

    /** @return true when statically registered */
    public boolean registered() {
        return registered;
    }

    /** @return primary AP id, empty if none */
    public Optional<String> primaryAp() {
        return Optional.ofNullable(primaryAp);
    }

    /** @return connections */
    public List<UeConnection> connections() {
        return connections;
    }

    /** @return true with more than one connection */
    public boolean multipath() {
        return connections.size() > 1;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof UeInfo)) {
            return false;
        }
        UeInfo u = (UeInfo) o;
        return id.equals(u.id) && registered == u.registered && Objects.equals(primaryAp, u.primaryAp)
                && connections.equals(u.connections);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, registered, primaryAp, connections);
    }

    @Override
    public String toString() {
        return "UeInfo{" + id + " primary=" + primaryAp + " " + connections + "}";
    }
}
