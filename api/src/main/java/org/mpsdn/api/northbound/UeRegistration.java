package org.mpsdn.api.northbound;

import java.util.List;
import java.util.Objects;

/**
 * Static registration of a UE: its id and interfaces (IP, optional MAC).
 */
public final class UeRegistration {
    private final String id;
    private final List<Interface> interfaces;

    /**
     * Creates a registration.
     *
     * @param id         UE id
     * @param interfaces interfaces, at least one
     * @throws IllegalArgumentException naming the field when the id or the list is invalid
     */
    public UeRegistration(String id, List<Interface> interfaces) {
        this.id = MpsdnIntent.checkId("id", id);
        if (interfaces == null || interfaces.isEmpty()) {
            throw new IllegalArgumentException("interfaces: must list at least one interface");
        }
        this.interfaces = List.copyOf(interfaces);
    }

    /** @return UE id */
    public String id() {
        return id;
    }

    /** @return interfaces */
    public List<Interface> interfaces() {
        return interfaces;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UeRegistration && id.equals(((UeRegistration) o).id)
                && interfaces.equals(((UeRegistration) o).interfaces);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, interfaces);
    }

    @Override
    public String toString() {
        return "UeRegistration{" + id + " " + interfaces + "}";
    }

    /**
     * One interface of a registered UE.
     */
    public static final class Interface {
        private final String ip;
        private final String mac;

        /**
         * Creates an interface (the app validates the address syntax).
         *
         * @param ip  IP address
         * @param mac MAC address, null if unknown
         */
        public Interface(String ip, String mac) {
            this.ip = Objects.requireNonNull(ip, "ip");
            this.mac = mac;
        }

        /** @return IP address */
        public String ip() {
            return ip;
        }

        /** @return MAC address or null */
        public String mac() {
            return mac;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Interface && ip.equals(((Interface) o).ip)
                    && Objects.equals(mac, ((Interface) o).mac);
        }

        @Override
        public int hashCode() {
            return Objects.hash(ip, mac);
        }

        @Override
        public String toString() {
            return ip + (mac == null ? "" : "/" + mac);
        }
    }
}
