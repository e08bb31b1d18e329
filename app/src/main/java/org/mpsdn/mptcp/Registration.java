package org.mpsdn.mptcp;

import java.net.InetAddress;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Static registration of one UE (from netcfg/REST): its id and the IPs and MACs it owns.
 */
public final class Registration {
    private final String ueId;
    private final Set<InetAddress> ips;
    private final Set<String> macs;

    /**
     * Creates a registration.
     *
     * @param ueId UE id, non-empty
     * @param ips  the UE's IP addresses
     * @param macs the UE's MACs (any case, colon-separated)
     * @throws IllegalArgumentException if the id is empty or a MAC is malformed
     */
    public Registration(String ueId, Set<InetAddress> ips, Set<String> macs) {
        if (ueId == null || ueId.isEmpty()) {
            throw new IllegalArgumentException("ueId must be non-empty");
        }
        this.ueId = ueId;
        this.ips = Collections.unmodifiableSet(new LinkedHashSet<>(Objects.requireNonNull(ips, "ips")));
        Set<String> m = new LinkedHashSet<>();
        for (String mac : Objects.requireNonNull(macs, "macs")) {
            m.add(Macs.normalize(mac, "macs of " + ueId));
        }
        this.macs = Collections.unmodifiableSet(m);
    }

    /**
     * Returns the UE id.
     *
     * @return id
     */
    public String ueId() {
        return ueId;
    }

    /**
     * Returns the registered IPs.
     *
     * @return IPs
     */
    public Set<InetAddress> ips() {
        return ips;
    }

    /**
     * Returns the registered MACs, normalised to lower case.
     *
     * @return MACs
     */
    public Set<String> macs() {
        return macs;
    }

    @Override
    public String toString() {
        return "Registration{" + ueId + " " + ips + " " + macs.toString().toLowerCase(Locale.ROOT) + "}";
    }
}
