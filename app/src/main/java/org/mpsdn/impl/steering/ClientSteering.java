package org.mpsdn.impl.steering;

import java.util.Map;
import java.util.Objects;

/**
 * What a steering mode becomes on one client: weights to publish through the client-weights
 * channel (weight 0: the agent marks the path backup, MP_PRIO), the regulation's automatic
 * weights, or nothing, with the words the intent's state shows for the client.
 */
public final class ClientSteering {
    /** How the mode is carried out on the client. */
    public enum Mechanism {
        /** These weights, published to the client agent. */
        WEIGHTS,
        /** The regulation's automatic weights (and, without an agent, the regulation alone). */
        AUTOMATIC,
        /** The mode cannot be carried out on this client; the description says why. */
        NOT_APPLIED
    }

    private final Mechanism mechanism;
    private final Map<String, Integer> weights;
    private final String description;
    private final String primaryPath;

    private ClientSteering(Mechanism mechanism, Map<String, Integer> weights, String description,
                           String primaryPath) {
        this.mechanism = mechanism;
        this.weights = Map.copyOf(weights);
        this.description = Objects.requireNonNull(description, "description");
        this.primaryPath = primaryPath;
    }

    /**
     * Weights to publish.
     *
     * @param weights     path id to weight, at least one &gt; 0
     * @param description what applies, in words
     * @param primaryPath the path the mode made primary (smallest delay), else null
     * @return the steering
     */
    static ClientSteering weights(Map<String, Integer> weights, String description, String primaryPath) {
        return new ClientSteering(Mechanism.WEIGHTS, weights, description, primaryPath);
    }

    /**
     * The regulation's automatic weights.
     *
     * @param description what applies, in words
     * @return the steering
     */
    static ClientSteering automatic(String description) {
        return new ClientSteering(Mechanism.AUTOMATIC, Map.of(), description, null);
    }

    /**
     * Nothing applies.
     *
     * @param why the reason
     * @return the steering
     */
    static ClientSteering notApplied(String why) {
        return new ClientSteering(Mechanism.NOT_APPLIED, Map.of(), "not applied: " + why, null);
    }

    /** @return the mechanism */
    public Mechanism mechanism() {
        return mechanism;
    }

    /** @return path id to weight (WEIGHTS), else empty */
    public Map<String, Integer> weights() {
        return weights;
    }

    /** @return what applies on the client, in words */
    public String description() {
        return description;
    }

    /** @return the path the mode made primary (smallest delay), else null */
    public String primaryPath() {
        return primaryPath;
    }

    @Override
    public String toString() {
        return mechanism + " " + weights + " (" + description + ")";
    }
}
