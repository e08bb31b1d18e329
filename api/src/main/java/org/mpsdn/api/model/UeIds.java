package org.mpsdn.api.model;

/**
 * Ids of UEs nobody registered: an address the regulation sees without a registration (from a flow or
 * a station list) is its own UE, {@code ip:ADDRESS}; a station reported without any address is
 * {@code mac:MAC}. The one place these ids are built, so the loop, the core adapter and the
 * northbound views name such a UE alike.
 */
public final class UeIds {
    /** Prefix of the id of an unregistered address. */
    public static final String IP_PREFIX = "ip:";
    /** Prefix of the id of a station known only by its MAC. */
    public static final String MAC_PREFIX = "mac:";

    private UeIds() {
    }

    /**
     * The id of an unregistered address.
     *
     * @param address the address as text (e.g. {@code 10.0.1.2})
     * @return {@code ip:ADDRESS}
     */
    public static String ofAddress(String address) {
        return IP_PREFIX + address;
    }

    /**
     * The id of a station reported without any address.
     *
     * @param mac the station's MAC as reported
     * @return {@code mac:MAC}
     */
    public static String ofMac(String mac) {
        return MAC_PREFIX + mac;
    }
}
