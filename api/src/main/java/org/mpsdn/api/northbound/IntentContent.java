package org.mpsdn.api.northbound;

import java.util.Map;
import java.util.Objects;

/**
 * What an {@link MpsdnIntent} asks for, apart from its id and install state: the kind, the
 * target and the fields of the kind. Immutable; two intents with equal content are
 * {@link MpsdnIntent#sameContent(MpsdnIntent) the same request}.
 */
final class IntentContent {
    final IntentKind kind;
    final String target;
    final MultipathMode mode;
    final String apId;
    final EnbDiscipline interCluster;
    final EnbDiscipline intraCluster;
    final Map<String, EnbDiscipline> clusterOverrides;
    final EnbSplit split;
    final WeightMode weightMode;
    final Map<String, Integer> weights;
    final SteeringRule steering;

    /**
     * Freezes the content of a validated draft.
     *
     * @param d the draft
     */
    IntentContent(IntentDraft d) {
        this.kind = d.kind;
        this.target = d.target;
        this.mode = d.mode;
        this.apId = d.apId;
        this.interCluster = d.interCluster;
        this.intraCluster = d.intraCluster;
        this.clusterOverrides = Map.copyOf(d.clusterOverrides);
        this.split = d.split;
        this.weightMode = d.weightMode;
        this.weights = Map.copyOf(d.weights);
        this.steering = d.steering;
    }

    /**
     * Copies the content into a draft (to build a changed intent).
     *
     * @param d the draft
     */
    void copyTo(IntentDraft d) {
        d.kind = kind;
        d.target = target;
        d.mode = mode;
        d.apId = apId;
        d.interCluster = interCluster;
        d.intraCluster = intraCluster;
        d.clusterOverrides.putAll(clusterOverrides);
        d.split = split;
        d.weightMode = weightMode;
        d.weights.putAll(weights);
        d.steering = steering;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof IntentContent)) {
            return false;
        }
        IntentContent other = (IntentContent) o;
        return kind == other.kind && Objects.equals(target, other.target) && mode == other.mode
                && Objects.equals(apId, other.apId) && interCluster == other.interCluster
                && intraCluster == other.intraCluster && clusterOverrides.equals(other.clusterOverrides)
                && Objects.equals(split, other.split)
                && weightMode == other.weightMode && weights.equals(other.weights)
                && Objects.equals(steering, other.steering);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, target, mode, apId, interCluster, intraCluster, clusterOverrides, split,
                weightMode, weights, steering);
    }
}
