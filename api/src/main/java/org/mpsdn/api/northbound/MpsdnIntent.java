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
 * {@link #weights()} per path for {@link WeightMode#MANUAL};</li>
 * <li>{@link IntentKind#STEERING}: target UE or {@link SteeringRule#ALL_UES}, {@link #steering()}.</li>
 * </ul>
 * Besides its state and reason, an intent's install state names what applies on each client
 * ({@link #applied()}), for the kinds whose installer reports it.
 * {@link IntentBuilder#build()} rejects inconsistent values with an {@link IllegalArgumentException}
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
    private final Map<String, String> applied;

    MpsdnIntent(IntentDraft d) {
        this.id = d.id;
        this.content = new IntentContent(d);
        this.state = d.state;
        this.reason = d.reason == null ? "" : d.reason;
        this.version = d.version;
        this.updatedMillis = d.updatedMillis;
        this.applied = Map.copyOf(d.applied);
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static IntentBuilder builder() {
        return new IntentBuilder();
    }

    /**
     * Returns a builder initialised from this intent.
     *
     * @return builder
     */
    public IntentBuilder toBuilder() {
        IntentBuilder b = new IntentBuilder();
        content.copyTo(b.draft);
        return b.id(id).state(state).reason(reason).version(version).updatedMillis(updatedMillis)
                .applied(applied);
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

    /**
     * Returns a copy with another state and another account of what applies on each client.
     *
     * @param newState   state
     * @param newReason  reason (empty unless failed or waiting)
     * @param newApplied client id to what applies there
     * @param millis     time of the change
     * @return updated intent
     */
    public MpsdnIntent withState(IntentState newState, String newReason, Map<String, String> newApplied,
                                 long millis) {
        return toBuilder().state(newState).reason(newReason).applied(newApplied).updatedMillis(millis).build();
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

    /** @return steering rule (steering only, else null) */
    public SteeringRule steering() {
        return content.steering;
    }

    /** @return client id to the mechanism applied there, or why nothing is (empty when not reported) */
    public Map<String, String> applied() {
        return applied;
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
                && version == that.version && updatedMillis == that.updatedMillis && applied.equals(that.applied);
    }

    @Override
    public int hashCode() {
        IntentContent c = content;
        return Objects.hash(id, c.kind, c.target, c.mode, c.apId, c.interCluster, c.intraCluster, c.clusterOverrides,
                c.split, c.weightMode, c.weights, c.steering, state, reason, version, updatedMillis, applied);
    }

    @Override
    public String toString() {
        return "MpsdnIntent{" + id + " " + content.kind + " target=" + content.target + " " + state
                + (reason.isEmpty() ? "" : " (" + reason + ")") + " v" + version + "}";
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
