package org.mpsdn.api.northbound;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields of an intent being built by {@link IntentBuilder}, and the rules its
 * {@link IntentBuilder#build()} checks: the common fields, then the fields of the kind
 * (mandatory ones present and valid, those of the other kinds absent). Every failure is an
 * {@link IllegalArgumentException} whose message starts with the offending field name.
 */
final class IntentDraft {
    String id;
    IntentKind kind;
    String target;
    MultipathMode mode;
    String apId;
    EnbDiscipline interCluster;
    EnbDiscipline intraCluster;
    final Map<String, EnbDiscipline> clusterOverrides = new LinkedHashMap<>();
    EnbSplit split;
    WeightMode weightMode;
    final Map<String, Integer> weights = new LinkedHashMap<>();
    SteeringRule steering;
    final Map<String, String> applied = new LinkedHashMap<>();
    IntentState state = IntentState.PENDING;
    String reason = "";
    long version = 1;
    long updatedMillis;

    /**
     * Checks the draft.
     *
     * @throws IllegalArgumentException naming the first invalid field
     */
    void validate() {
        MpsdnIntent.checkId("id", id);
        if (kind == null) {
            throw new IllegalArgumentException("kind: is mandatory (MULTIPATH_POLICY, ENB_SCHEDULING, "
                    + "CLIENT_WEIGHTS, STEERING)");
        }
        if (kind != IntentKind.STEERING || !SteeringRule.ALL_UES.equals(target)) {
            MpsdnIntent.checkId("target", target);
        }
        if (state == null) {
            throw new IllegalArgumentException("state: is mandatory");
        }
        if (version < 1) {
            throw new IllegalArgumentException("version: must be >= 1, was " + version);
        }
        for (Map.Entry<String, String> e : applied.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                throw new IllegalArgumentException("applied: client ids and their mechanisms must not be null");
            }
        }
        if (kind != IntentKind.STEERING) {
            forbid("steering", steering);
        }
        switch (kind) {
            case MULTIPATH_POLICY:
                checkMultipath();
                break;
            case ENB_SCHEDULING:
                checkEnb();
                break;
            case STEERING:
                checkSteering();
                break;
            default:
                checkWeights();
                break;
        }
    }

    private void checkMultipath() {
        if (mode == null) {
            throw new IllegalArgumentException("mode: is mandatory for MULTIPATH_POLICY "
                    + "(REGULATE, EXEMPT, PIN_PRIMARY)");
        }
        if (mode == MultipathMode.PIN_PRIMARY) {
            MpsdnIntent.checkId("apId", apId);
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
            MpsdnIntent.checkId("clusterOverrides key", e.getKey());
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
            MpsdnIntent.checkId("weights key", e.getKey());
            Integer w = e.getValue();
            if (w == null || w < 1 || w > MpsdnIntent.MAX_WEIGHT) {
                throw new IllegalArgumentException("weights." + e.getKey() + ": must be in [1, "
                        + MpsdnIntent.MAX_WEIGHT + "], was " + w);
            }
        }
        forbid("mode", mode);
        forbid("apId", apId);
        forbid("interCluster", interCluster);
        forbid("intraCluster", intraCluster);
        forbidMap("clusterOverrides", clusterOverrides);
        forbid("split", split);
    }

    private void checkSteering() {
        if (steering == null) {
            throw new IllegalArgumentException("steering: is mandatory for STEERING (mode and its parameters, "
                    + "with precedence)");
        }
        forbid("mode", mode);
        forbid("apId", apId);
        forbid("interCluster", interCluster);
        forbid("intraCluster", intraCluster);
        forbidMap("clusterOverrides", clusterOverrides);
        forbid("split", split);
        forbid("weightMode", weightMode);
        forbidMap("weights", weights);
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
