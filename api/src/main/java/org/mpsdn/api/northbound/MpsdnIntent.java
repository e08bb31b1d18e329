package org.mpsdn.api.northbound;

import java.util.LinkedHashMap;
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
    private final IntentKind kind;
    private final String target;
    private final MultipathMode mode;
    private final String apId;
    private final EnbDiscipline interCluster;
    private final EnbDiscipline intraCluster;
    private final Map<String, EnbDiscipline> clusterOverrides;
    private final EnbSplit split;
    private final WeightMode weightMode;
    private final Map<String, Integer> weights;
    private final IntentState state;
    private final String reason;
    private final long version;
    private final long updatedMillis;

    private MpsdnIntent(Builder b) {
        this.id = b.id;
        this.kind = b.kind;
        this.target = b.target;
        this.mode = b.mode;
        this.apId = b.apId;
        this.interCluster = b.interCluster;
        this.intraCluster = b.intraCluster;
        this.clusterOverrides = Map.copyOf(b.clusterOverrides);
        this.split = b.split;
        this.weightMode = b.weightMode;
        this.weights = Map.copyOf(b.weights);
        this.state = b.state;
        this.reason = b.reason == null ? "" : b.reason;
        this.version = b.version;
        this.updatedMillis = b.updatedMillis;
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
        Builder b = new Builder().id(id).kind(kind).target(target).mode(mode).apId(apId)
                .interCluster(interCluster).intraCluster(intraCluster).split(split).weightMode(weightMode)
                .state(state).reason(reason).version(version).updatedMillis(updatedMillis);
        b.clusterOverrides.putAll(clusterOverrides);
        b.weights.putAll(weights);
        return b;
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
        return kind;
    }

    /** @return target: UE id, eNB id or client id, depending on the kind */
    public String target() {
        return target;
    }

    /** @return multipath mode (multipath policy only, else null) */
    public MultipathMode mode() {
        return mode;
    }

    /** @return AP the primary is pinned to (PIN_PRIMARY only, else null) */
    public String apId() {
        return apId;
    }

    /** @return inter-cluster discipline (eNB scheduling only, else null) */
    public EnbDiscipline interCluster() {
        return interCluster;
    }

    /** @return default intra-cluster discipline, or null for the eNB's default */
    public EnbDiscipline intraCluster() {
        return intraCluster;
    }

    /** @return intra-cluster discipline per cluster id */
    public Map<String, EnbDiscipline> clusterOverrides() {
        return clusterOverrides;
    }

    /** @return flow split request (eNB scheduling only), or null for none */
    public EnbSplit split() {
        return split;
    }

    /** @return weight mode (client weights only, else null) */
    public WeightMode weightMode() {
        return weightMode;
    }

    /** @return manual weight per path id */
    public Map<String, Integer> weights() {
        return weights;
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
        return kind == other.kind && Objects.equals(target, other.target) && mode == other.mode
                && Objects.equals(apId, other.apId) && interCluster == other.interCluster
                && intraCluster == other.intraCluster && clusterOverrides.equals(other.clusterOverrides)
                && Objects.equals(split, other.split)
                && weightMode == other.weightMode && weights.equals(other.weights);
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
        return Objects.hash(id, kind, target, mode, apId, interCluster, intraCluster, clusterOverrides, split,
                weightMode, weights, state, reason, version, updatedMillis);
    }

    @Override
    public String toString() {
        return "MpsdnIntent{" + id + " " + kind + " target=" + target + " " + state
                + (reason.isEmpty() ? "" : " (" + reason + ")") + " v" + version + "}";
    }

    /**
     * Builder of intents.
     */
    public static final class Builder {
        private String id;
        private IntentKind kind;
        private String target;
        private MultipathMode mode;
        private String apId;
        private EnbDiscipline interCluster;
        private EnbDiscipline intraCluster;
        private final Map<String, EnbDiscipline> clusterOverrides = new LinkedHashMap<>();
        private EnbSplit split;
        private WeightMode weightMode;
        private final Map<String, Integer> weights = new LinkedHashMap<>();
        private IntentState state = IntentState.PENDING;
        private String reason = "";
        private long version = 1;
        private long updatedMillis;

        private Builder() {
        }

        /**
         * Sets the id.
         *
         * @param v id
         * @return this builder
         */
        public Builder id(String v) {
            this.id = v;
            return this;
        }

        /**
         * Sets the kind.
         *
         * @param v kind
         * @return this builder
         */
        public Builder kind(IntentKind v) {
            this.kind = v;
            return this;
        }

        /**
         * Sets the target (UE, eNB or client id).
         *
         * @param v target id
         * @return this builder
         */
        public Builder target(String v) {
            this.target = v;
            return this;
        }

        /**
         * Sets the multipath mode.
         *
         * @param v mode
         * @return this builder
         */
        public Builder mode(MultipathMode v) {
            this.mode = v;
            return this;
        }

        /**
         * Sets the AP of a pinned primary.
         *
         * @param v AP id
         * @return this builder
         */
        public Builder apId(String v) {
            this.apId = v;
            return this;
        }

        /**
         * Sets the inter-cluster discipline.
         *
         * @param v discipline
         * @return this builder
         */
        public Builder interCluster(EnbDiscipline v) {
            this.interCluster = v;
            return this;
        }

        /**
         * Sets the default intra-cluster discipline.
         *
         * @param v discipline, null for the eNB default
         * @return this builder
         */
        public Builder intraCluster(EnbDiscipline v) {
            this.intraCluster = v;
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
            this.clusterOverrides.put(clusterId, v);
            return this;
        }

        /**
         * Sets the flow split request.
         *
         * @param v split, null for none
         * @return this builder
         */
        public Builder split(EnbSplit v) {
            this.split = v;
            return this;
        }

        /**
         * Sets the weight mode.
         *
         * @param v mode
         * @return this builder
         */
        public Builder weightMode(WeightMode v) {
            this.weightMode = v;
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
            this.weights.put(pathId, weight);
            return this;
        }

        /**
         * Sets the state.
         *
         * @param v state
         * @return this builder
         */
        public Builder state(IntentState v) {
            this.state = v;
            return this;
        }

        /**
         * Sets the reason.
         *
         * @param v reason
         * @return this builder
         */
        public Builder reason(String v) {
            this.reason = v;
            return this;
        }

        /**
         * Sets the version.
         *
         * @param v version
         * @return this builder
         */
        public Builder version(long v) {
            this.version = v;
            return this;
        }

        /**
         * Sets the update time.
         *
         * @param v milliseconds since the epoch
         * @return this builder
         */
        public Builder updatedMillis(long v) {
            this.updatedMillis = v;
            return this;
        }

        /**
         * Validates and builds the intent.
         *
         * @return intent
         * @throws IllegalArgumentException naming the first invalid field
         */
        public MpsdnIntent build() {
            checkId("id", id);
            if (kind == null) {
                throw new IllegalArgumentException("kind: is mandatory (MULTIPATH_POLICY, ENB_SCHEDULING, "
                        + "CLIENT_WEIGHTS)");
            }
            checkId("target", target);
            if (state == null) {
                throw new IllegalArgumentException("state: is mandatory");
            }
            if (version < 1) {
                throw new IllegalArgumentException("version: must be >= 1, was " + version);
            }
            switch (kind) {
                case MULTIPATH_POLICY:
                    checkMultipath();
                    break;
                case ENB_SCHEDULING:
                    checkEnb();
                    break;
                default:
                    checkWeights();
                    break;
            }
            return new MpsdnIntent(this);
        }

        private void checkMultipath() {
            if (mode == null) {
                throw new IllegalArgumentException("mode: is mandatory for MULTIPATH_POLICY "
                        + "(REGULATE, EXEMPT, PIN_PRIMARY)");
            }
            if (mode == MultipathMode.PIN_PRIMARY) {
                checkId("apId", apId);
            } else if (apId != null) {
                throw new IllegalArgumentException("apId: only allowed with mode PIN_PRIMARY");
            }
            forbid("interCluster", interCluster);
            forbid("intraCluster", intraCluster);
            forbidMap("clusterOverrides", clusterOverrides);
            forbid("split", split);
            forbid("weightMode", weightMode);
            forbidMap("weights", weights);
        }

        private void checkEnb() {
            if (interCluster == null) {
                throw new IllegalArgumentException("interCluster: is mandatory for ENB_SCHEDULING "
                        + "(PFS, MAX_CI, ROUND_ROBIN)");
            }
            for (Map.Entry<String, EnbDiscipline> e : clusterOverrides.entrySet()) {
                checkId("clusterOverrides key", e.getKey());
                if (e.getValue() == null) {
                    throw new IllegalArgumentException("clusterOverrides." + e.getKey() + ": is null");
                }
            }
            forbid("mode", mode);
            forbid("apId", apId);
            forbid("weightMode", weightMode);
            forbidMap("weights", weights);
        }

        private void checkWeights() {
            if (weightMode == null) {
                throw new IllegalArgumentException("weightMode: is mandatory for CLIENT_WEIGHTS (MANUAL, AUTOMATIC)");
            }
            if (weightMode == WeightMode.MANUAL && weights.isEmpty()) {
                throw new IllegalArgumentException("weights: MANUAL needs at least one path weight");
            }
            if (weightMode == WeightMode.AUTOMATIC && !weights.isEmpty()) {
                throw new IllegalArgumentException("weights: not allowed with AUTOMATIC");
            }
            for (Map.Entry<String, Integer> e : weights.entrySet()) {
                checkId("weights key", e.getKey());
                Integer w = e.getValue();
                if (w == null || w < 1 || w > MAX_WEIGHT) {
                    throw new IllegalArgumentException("weights." + e.getKey() + ": must be in [1, " + MAX_WEIGHT
                            + "], was " + w);
                }
            }
            forbid("mode", mode);
            forbid("apId", apId);
            forbid("interCluster", interCluster);
            forbid("intraCluster", intraCluster);
            forbidMap("clusterOverrides", clusterOverrides);
            forbid("split", split);
        }

        private void forbid(String field, Object v) {
            if (v != null) {
                throw new IllegalArgumentException(field + ": not allowed for " + kind);
            }
        }

        private void forbidMap(String field, Map<?, ?> v) {
            if (!v.isEmpty()) {
                throw new IllegalArgumentException(field + ": not allowed for " + kind);
            }
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

    /**
     * Returns the optional AP id.
     *
     * @return AP id if set
     */
    public Optional<String> pinnedAp() {
        return Optional.ofNullable(apId);
    }
}
