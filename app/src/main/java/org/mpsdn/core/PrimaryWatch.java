package org.mpsdn.core;

import org.mpsdn.core.model.Checks;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the confirmation of a primary change ({@link org.mpsdn.core.categorize.PrimaryHistory}) remembers of a
 * multipath user from the last cycle: its links (the PHY rate of its connection to each AP) and the AP of the
 * connection that beat its primary then without becoming primary, if any. Immutable.
 */
public final class PrimaryWatch {
    private final Map<String, Long> links;
    private final String challengerAp;

    /**
     * Creates the memory of one user.
     *
     * @param links        PHY rate (bit/s) of the user's connection per AP id
     * @param challengerAp the AP of the connection that beat the user's primary, or null
     * @throws IllegalArgumentException on a null map, a null or blank AP id or a null rate
     */
    public PrimaryWatch(Map<String, Long> links, String challengerAp) {
        Map<String, Long> copy = new TreeMap<>();
        Checks.nonNull("links", links).forEach((ap, bps) -> copy.put(Checks.id("links key", ap),
                Checks.nonNull("links[" + ap + "]", bps)));
        this.links = Collections.unmodifiableMap(copy);
        this.challengerAp = challengerAp == null ? null : Checks.id("challengerAp", challengerAp);
    }

    /** @return the PHY rate of the user's connection per AP id, sorted by AP id */
    public Map<String, Long> links() {
        return links;
    }

    /** @return the AP of the connection that beat the user's primary in that cycle, if any */
    public Optional<String> challengerAp() {
        return Optional.ofNullable(challengerAp);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PrimaryWatch)) {
            return false;
        }
        PrimaryWatch that = (PrimaryWatch) o;
        return links.equals(that.links) && Objects.equals(challengerAp, that.challengerAp);
    }

    @Override
    public int hashCode() {
        return Objects.hash(links, challengerAp);
    }

    @Override
    public String toString() {
        return "PrimaryWatch{links=" + links + (challengerAp == null ? "" : ", challenger=" + challengerAp) + "}";
    }
}
