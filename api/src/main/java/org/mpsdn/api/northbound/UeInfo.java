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
    private final UeSource source;
    private final String primaryAp;
    private final List<UeConnection> connections;

    /**
     * Creates a UE view known by registration ({@link UeSource#REGISTERED}) or only as a station
     * ({@link UeSource#STATION}).
     *
     * @param id          UE id (registered id, or ip:ADDRESS for an unregistered station)
     * @param registered  whether the UE is statically registered
     * @param primaryAp   AP of the primary connection, null if none was chosen
     * @param connections connections
     */
    public UeInfo(String id, boolean registered, String primaryAp, List<UeConnection> connections) {
        this(id, registered ? UeSource.REGISTERED : UeSource.STATION, primaryAp, connections);
    }

    /**
     * Creates a UE view.
     *
     * @param id          UE id (registered id, detected id auto-N, or ip:ADDRESS for a station)
     * @param source      how the UE is known (registered, detected, both, or only as a station)
     * @param primaryAp   AP of the primary connection, null if none was chosen
     * @param connections connections
     */
    public UeInfo(String id, UeSource source, String primaryAp, List<UeConnection> connections) {
        this.id = Objects.requireNonNull(id, "id");
        this.source = Objects.requireNonNull(source, "source");
        this.registered = source == UeSource.REGISTERED || source == UeSource.BOTH;
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

    /** @return how the UE is known: registered, detected, both, or only as a station */
    public UeSource source() {
        return source;
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
        return id.equals(u.id) && source == u.source && Objects.equals(primaryAp, u.primaryAp)
                && connections.equals(u.connections);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, source, primaryAp, connections);
    }

    @Override
    public String toString() {
        return "UeInfo{" + id + " " + source + " primary=" + primaryAp + " " + connections + "}";
    }
}
