package org.mpsdn.impl.config;

import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A statically registered UE: its id and the IP (and optional MAC) of each interface.
 */
public final class UeSpec {
    private final String id;
    private final Map<IpAddress, Optional<MacAddress>> interfaces;

    /**
     * Creates a UE registration.
     *
     * @param id         UE identifier
     * @param interfaces interface IP to optional MAC
     */
    public UeSpec(String id, Map<IpAddress, Optional<MacAddress>> interfaces) {
        this.id = Objects.requireNonNull(id);
        this.interfaces = Map.copyOf(interfaces);
    }

    /** @return UE identifier */
    public String id() {
        return id;
    }

    /** @return interface IP to optional MAC */
    public Map<IpAddress, Optional<MacAddress>> interfaces() {
        return interfaces;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UeSpec && id.equals(((UeSpec) o).id) && interfaces.equals(((UeSpec) o).interfaces);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, interfaces);
    }

    @Override
    public String toString() {
        return "UeSpec{" + id + " " + interfaces.keySet() + "}";
    }
}
