package org.mpsdn.api.northbound;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An operator intent and its install state. Immutable; the fields used depend on the kind:
 * <ul>
 * <li>{@link IntentKind#MULTIPATH_POLICY}: target UE, {@link #mode()}, {@link #apId()} for
 * {@link MultipathMode#PIN_PRIMARY};</li>
 * <li>{@link IntentKind#ENB_SCHEDULING}: target eNB (an LTE AP id), {@link #interCluster()},
 * optional {@link #intraCluster()} default and per-cluster {@link #clusterOverrides()}, optional
 * {@link #split()} of one flow across LTE and a second path;</li>
 * <li>{@link IntentKind#CLIENT_WEIGHTS}: target client (UE id), {@link #weightMode()},
 * {@link #weights()} per path for {@link WeightMode#MANUAL}.</li>
 * </ul>
 * {@link Builder#build()} rejects inconsistent values with an {@link IllegalArgumentException}
 * whose message starts with the offending field name.
 */
public final class MpsdnIntent {
    /** Largest manual weight of one path. */
    public static final int MAX_WEIGHT = 1000;
    /** Pattern of ids (intent, UE, AP, cluster, path). */
    public static final Pattern ID_PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,63}");

    private final String id;
    private final IntentContent content;
    private final IntentState state;
    private final String reason;
    private final long version;
    private final long updatedMillis;

    private MpsdnIntent(IntentDraft d) {
        this.id = d.id;
        this.content = new IntentContent(d);
        this.state = d.state;
        this.reason = d.reason == null ? "" : d.reason;
        this.version = d.version;
        this.updatedMillis = d.updatedMillis;
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a builder initialised from this intent.
     *
     * @return builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        content.copyTo(b.draft);
        return b.id(id).state(state).reason(reason).version(version).updatedMillis(updatedMillis);
    }

    /**
     * Returns a copy with another state.
     *
     * @param newState  state
     * @param newReason reason (empty unless failed or waiting)
     * @param millis    time of the change
     * @return updated intent
     */
    public MpsdnIntent withState(IntentState newState, String newReason, long millis) {
        return toBuilder().state(newState).reason(newReason).updatedMillis(millis).build();
    }

    /** @return intent id */
    public String id() {
        return id;
    }

    /** @return kind */
    public IntentKind kind() {
        return content.kind;
    }

    /** @return target: UE id, eNB id or client id, depending on the kind */
    public String target() {
        return content.target;
    }

    /** @return multipath mode (multipath policy only, else null) */
    public MultipathMode mode() {
        return content.mode;
    }

    /** @return AP the primary is pinned to (PIN_PRIMARY only, else null) */
    public String apId() {
        return content.apId;
    }

    /** @return the AP the primary is pinned to, if set */
    public Optional<String> pinnedAp() {
        return Optional.ofNullable(content.apId);
    }

    /** @return inter-cluster discipline (eNB scheduling only, else null) */
    public EnbDiscipline interCluster() {
        return content.interCluster;
    }

    /** @return default intra-cluster discipline, or null for the eNB's default */
    public EnbDiscipline intraCluster() {
        return content.intraCluster;
    }

    /** @return intra-cluster discipline per cluster id */
    public Map<String, EnbDiscipline> clusterOverrides() {
        return content.clusterOverrides;
    }

    /** @return flow split request (eNB scheduling only), or null for none */
    public EnbSplit split() {
        return content.split;
    }

    /** @return weight mode (client weights only, else null) */
    public WeightMode weightMode() {
        return content.weightMode;
    }

    /** @return manual weight per path id */
    public Map<String, Integer> weights() {
        return content.weights;
    }

    /** @return install state */
    public IntentState state() {
        return state;
    }

    /** @return failure (or waiting) reason, empty when there is none */
    public String reason() {
        return reason;
    }

    /** @return version, increased on every change of the intent's content */
    public long version() {
        return version;
    }

    /** @return wall-clock time of the last state change in milliseconds */
    public long updatedMillis() {
        return updatedMillis;
    }

    /**
     * Whether two intents ask for the same thing (ignoring id, state, version and time).
     *
     * @param other other intent
     * @return true if the content is equal
     */
    public boolean sameContent(MpsdnIntent other) {
        return content.equals(other.content);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MpsdnIntent)) {
            return false;
        }
        MpsdnIntent that = (MpsdnIntent) o;
        return sameContent(that) && id.equals(that.id) && state == that.state && reason.equals(that.reason)
                && version == that.version && updatedMillis == that.updatedMillis;
    }

    @Override
    public int hashCode() {
        IntentContent c = content;
        return Objects.hash(id, c.kind, c.target, c.mode, c.apId, c.interCluster, c.intraCluster, c.clusterOverrides,
                c.split, c.weightMode, c.weights, state, reason, version, updatedMillis);
    }

    @Override
    public String toString() {
        return "MpsdnIntent{" + id + " " + content.kind + " target=" + content.target + " " + state
                + (reason.isEmpty() ? "" : " (" + reason + ")") + " v" + version + "}";
    }

    /**
     * Builder of intents.
     */
    public static final class Builder {
        private final IntentDraft draft = new IntentDraft();

        private Builder() {
        }

        /**
         * Sets the id.
         *
         * @param v id
         * @return this builder
         */
        public Builder id(String v) {
            draft.id = v;
            return this;
        }

        /**
         * Sets the kind.
         *
         * @param v kind
         * @return this builder
         */
        public Builder kind(IntentKind v) {
            draft.kind = v;
            return this;
        }

        /**
         * Sets the target (UE, eNB or client id).
         *
         * @param v target id
         * @return this builder
         */
        public Builder target(String v) {
            draft.target = v;
            return this;
        }

        /**
         * Sets the multipath mode.
         *
         * @param v mode
         * @return this builder
         */
        public Builder mode(MultipathMode v) {
            draft.mode = v;
            return this;
        }

        /**
         * Sets the AP of a pinned primary.
         *
         * @param v AP id
         * @return this builder
         */
        public Builder apId(String v) {
            draft.apId = v;
            return this;
        }

        /**
         * Sets the inter-cluster discipline.
         *
         * @param v discipline
         * @return this builder
         */
        public Builder interCluster(EnbDiscipline v) {
            draft.interCluster = v;
            return this;
        }

        /**
         * Sets the default intra-cluster discipline.
         *
         * @param v discipline, null for the eNB default
         * @return this builder
         */
        public Builder intraCluster(EnbDiscipline v) {
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
        public Builder clusterOverride(String clusterId, EnbDiscipline v) {
            draft.clusterOverrides.put(clusterId, v);
            return this;
        }

        /**
         * Sets the flow split request.
         *
         * @param v split, null for none
         * @return this builder
         */
        public Builder split(EnbSplit v) {
            draft.split = v;
            return this;
        }

        /**
         * Sets the weight mode.
         *
         * @param v mode
         * @return this builder
         */
        public Builder weightMode(WeightMode v) {
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
        public Builder weight(String pathId, int weight) {
            draft.weights.put(pathId, weight);
            return this;
        }

        /**
         * Sets the state.
         *
         * @param v state
         * @return this builder
         */
        public Builder state(IntentState v) {
            draft.state = v;
            return this;
        }

        /**
         * Sets the reason.
         *
         * @param v reason
         * @return this builder
         */
        public Builder reason(String v) {
            draft.reason = v;
            return this;
        }

        /**
         * Sets the version.
         *
         * @param v version
         * @return this builder
         */
        public Builder version(long v) {
            draft.version = v;
            return this;
        }

        /**
         * Sets the update time.
         *
         * @param v milliseconds since the epoch
         * @return this builder
         */
        public Builder updatedMillis(long v) {
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

    /**
     * Checks an id against {@link #ID_PATTERN}.
     *
     * @param field field name for the message
     * @param value value
     * @return the value
     * @throws IllegalArgumentException naming the field if the value is missing or malformed
     */
    public static String checkId(String field, String value) {
        if (value == null) {
            throw new IllegalArgumentException(field + ": is mandatory");
        }
        if (!ID_PATTERN.matcher(value).matches()) {
            throw new IllegalArgumentException(field + ": must match " + ID_PATTERN.pattern() + ", was '"
                    + value + "'");
        }
        return value;
    }
}
