package org.mpsdn.api.northbound;

import java.util.Map;

/**
 * Builder of {@link MpsdnIntent}s: {@link #build()} validates the fields (see {@link IntentDraft}).
 */
public final class IntentBuilder {
    final IntentDraft draft = new IntentDraft();

    IntentBuilder() {
    }

    /**
     * Sets the id.
     *
     * @param v id
     * @return this builder
     */
    public IntentBuilder id(String v) {
        draft.id = v;
        return this;
    }

    /**
     * Sets the kind.
     *
     * @param v kind
     * @return this builder
     */
    public IntentBuilder kind(IntentKind v) {
        draft.kind = v;
        return this;
    }

    /**
     * Sets the target (UE, eNB or client id).
     *
     * @param v target id
     * @return this builder
     */
    public IntentBuilder target(String v) {
        draft.target = v;
        return this;
    }

    /**
     * Sets the multipath mode.
     *
     * @param v mode
     * @return this builder
     */
    public IntentBuilder mode(MultipathMode v) {
        draft.mode = v;
        return this;
    }

    /**
     * Sets the AP of a pinned primary.
     *
     * @param v AP id
     * @return this builder
     */
    public IntentBuilder apId(String v) {
        draft.apId = v;
        return this;
    }

    /**
     * Sets the inter-cluster discipline.
     *
     * @param v discipline
     * @return this builder
     */
    public IntentBuilder interCluster(EnbDiscipline v) {
        draft.interCluster = v;
        return this;
    }

    /**
     * Sets the default intra-cluster discipline.
     *
     * @param v discipline, null for the eNB default
     * @return this builder
     */
    public IntentBuilder intraCluster(EnbDiscipline v) {
        draft.intraCluster = v;
        return this;
    }

    /**
     * Sets the intra-cluster discipline of one cluster.
     *
     * @param clusterId cluster id
     * @param v         discipline
     * @return this builder
     */
    public IntentBuilder clusterOverride(String clusterId, EnbDiscipline v) {
        draft.clusterOverrides.put(clusterId, v);
        return this;
    }

    /**
     * Sets the flow split request.
     *
     * @param v split, null for none
     * @return this builder
     */
    public IntentBuilder split(EnbSplit v) {
        draft.split = v;
        return this;
    }

    /**
     * Sets the weight mode.
     *
     * @param v mode
     * @return this builder
     */
    public IntentBuilder weightMode(WeightMode v) {
        draft.weightMode = v;
        return this;
    }

    /**
     * Sets the manual weight of one path.
     *
     * @param pathId path id
     * @param weight weight in [1, {@value MpsdnIntent#MAX_WEIGHT}]
     * @return this builder
     */
    public IntentBuilder weight(String pathId, int weight) {
        draft.weights.put(pathId, weight);
        return this;
    }

    /**
     * Sets the steering rule (precedence, traffic descriptor, mode).
     *
     * @param v rule
     * @return this builder
     */
    public IntentBuilder steering(SteeringRule v) {
        draft.steering = v;
        return this;
    }

    /**
     * Sets what applies on each client (part of the install state, like the reason).
     *
     * @param v client id to the mechanism applied there, or why nothing is
     * @return this builder
     */
    public IntentBuilder applied(Map<String, String> v) {
        draft.applied.clear();
        draft.applied.putAll(v);
        return this;
    }

    /**
     * Sets the state.
     *
     * @param v state
     * @return this builder
     */
    public IntentBuilder state(IntentState v) {
        draft.state = v;
        return this;
    }

    /**
     * Sets the reason.
     *
     * @param v reason
     * @return this builder
     */
    public IntentBuilder reason(String v) {
        draft.reason = v;
        return this;
    }

    /**
     * Sets the version.
     *
     * @param v version
     * @return this builder
     */
    public IntentBuilder version(long v) {
        draft.version = v;
        return this;
    }

    /**
     * Sets the update time.
     *
     * @param v milliseconds since the epoch
     * @return this builder
     */
    public IntentBuilder updatedMillis(long v) {
        draft.updatedMillis = v;
        return this;
    }

    /**
     * Validates and builds the intent.
     *
     * @return intent
     * @throws IllegalArgumentException naming the first invalid field
     */
    public MpsdnIntent build() {
        draft.validate();
        return new MpsdnIntent(draft);
    }
}
