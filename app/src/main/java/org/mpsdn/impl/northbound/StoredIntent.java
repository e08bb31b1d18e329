package org.mpsdn.impl.northbound;

import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentBuilder;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.WeightMode;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Flat form of an {@link MpsdnIntent} for the distributed map: only strings, enums, numbers and
 * arrays, so that the Kryo serializer needs no JDK-internal collection classes (the intent's
 * immutable maps). Map entries are kept as parallel key/value arrays; the optional split as
 * its strings, its mode (null: no split) and its numbers in a fixed-order array; the optional
 * steering rule likewise (its mode null: no rule).
 */
public final class StoredIntent {
    /** Protocol value marking a steering rule without a traffic descriptor. */
    private static final int NO_DESCRIPTOR = -2;

    private final String id;
    private final IntentKind kind;
    private final String target;
    private final MultipathMode mode;
    private final String apId;
    private final EnbDiscipline interCluster;
    private final EnbDiscipline intraCluster;
    private final String[] clusterIds;
    private final EnbDiscipline[] clusterDisciplines;
    /** Split ids: target UE, second-path UE, destination IP; null without a split. */
    private final String[] splitIds;
    private final SplitMode splitMode;
    /** Split numbers: dstPort, lteShare, rttMs, windowPackets, alpha, beta, epochMs. */
    private final double[] splitValues;
    private final WeightMode weightMode;
    private final String[] pathIds;
    private final int[] pathWeights;
    /** Steering mode, null without a steering rule. */
    private final SteeringMode steeringMode;
    /** Steering numbers: precedence, protocol, dstPortMin, dstPortMax, dscp, autonomous (0/1), hysteresis;
     *  protocol null (all fields ANY) without a traffic descriptor. */
    private final int[] steeringValues;
    /** Steering strings: activeAp, dstPrefix (each may be null). */
    private final String[] steeringIds;
    private final String[] shareAps;
    private final int[] sharePercents;
    private final String[] appliedClients;
    private final String[] appliedMechanisms;
    private final IntentState state;
    private final String reason;
    private final long version;
    private final long updatedMillis;

    private StoredIntent(MpsdnIntent i) {
        id = i.id();
        kind = i.kind();
        target = i.target();
        mode = i.mode();
        apId = i.apId();
        interCluster = i.interCluster();
        intraCluster = i.intraCluster();
        clusterIds = i.clusterOverrides().keySet().toArray(new String[0]);
        clusterDisciplines = new EnbDiscipline[clusterIds.length];
        for (int k = 0; k < clusterIds.length; k++) {
            clusterDisciplines[k] = i.clusterOverrides().get(clusterIds[k]);
        }
        EnbSplit s = i.split();
        if (s == null) {
            splitIds = null;
            splitMode = null;
            splitValues = null;
        } else {
            splitIds = new String[] {s.targetUe(), s.secondPathUe(), s.dstIp()};
            splitMode = s.mode();
            splitValues = new double[] {s.dstPort(), s.lteShare(), s.rttMs(), s.windowPackets(), s.alpha(),
                    s.beta(), s.epochMs()};
        }
        weightMode = i.weightMode();
        pathIds = i.weights().keySet().toArray(new String[0]);
        pathWeights = new int[pathIds.length];
        for (int k = 0; k < pathIds.length; k++) {
            pathWeights[k] = i.weights().get(pathIds[k]);
        }
        SteeringRule r = i.steering();
        steeringMode = r == null ? null : r.mode();
        TrafficDescriptor t = r == null ? null : r.trafficDescriptor();
        steeringValues = r == null ? null : new int[] {r.precedence(), t == null ? NO_DESCRIPTOR : t.protocol(),
                t == null ? TrafficDescriptor.ANY : t.dstPortMin(), t == null ? TrafficDescriptor.ANY : t.dstPortMax(),
                t == null ? TrafficDescriptor.ANY : t.dscp(), r.autonomous() ? 1 : 0, r.rttHysteresisMs()};
        steeringIds = r == null ? null : new String[] {r.activeAp(), t == null ? null : t.dstPrefix()};
        shareAps = r == null ? new String[0] : r.shares().keySet().toArray(new String[0]);
        sharePercents = new int[shareAps.length];
        for (int k = 0; k < shareAps.length; k++) {
            sharePercents[k] = r.shares().get(shareAps[k]);
        }
        appliedClients = i.applied().keySet().toArray(new String[0]);
        appliedMechanisms = new String[appliedClients.length];
        for (int k = 0; k < appliedClients.length; k++) {
            appliedMechanisms[k] = i.applied().get(appliedClients[k]);
        }
        state = i.state();
        reason = i.reason();
        version = i.version();
        updatedMillis = i.updatedMillis();
    }

    /**
     * Flattens an intent.
     *
     * @param intent intent
     * @return stored form
     */
    public static StoredIntent of(MpsdnIntent intent) {
        return new StoredIntent(intent);
    }

    /**
     * Rebuilds the intent (validated again by its builder).
     *
     * @return intent
     */
    public MpsdnIntent toIntent() {
        IntentBuilder b = MpsdnIntent.builder().id(id).kind(kind).target(target).mode(mode).apId(apId)
                .interCluster(interCluster).intraCluster(intraCluster).weightMode(weightMode)
                .state(state).reason(reason).version(version).updatedMillis(updatedMillis);
        for (int k = 0; k < clusterIds.length; k++) {
            b.clusterOverride(clusterIds[k], clusterDisciplines[k]);
        }
        if (splitMode != null) {
            b.split(EnbSplit.builder().targetUe(splitIds[0]).secondPathUe(splitIds[1]).dstIp(splitIds[2])
                    .mode(splitMode).dstPort((int) splitValues[0]).lteShare(splitValues[1]).rttMs(splitValues[2])
                    .windowPackets(splitValues[3]).alpha(splitValues[4]).beta(splitValues[5])
                    .epochMs(splitValues[6]).build());
        }
        for (int k = 0; k < pathIds.length; k++) {
            b.weight(pathIds[k], pathWeights[k]);
        }
        if (steeringMode != null) {
            b.steering(steering());
        }
        Map<String, String> applied = new LinkedHashMap<>();
        for (int k = 0; k < appliedClients.length; k++) {
            applied.put(appliedClients[k], appliedMechanisms[k]);
        }
        return b.applied(applied).build();
    }

    private SteeringRule steering() {
        int[] v = steeringValues;
        SteeringRule.Builder r = SteeringRule.builder().mode(steeringMode).precedence(v[0])
                .activeAp(steeringIds[0]).autonomous(v[5] == 1)
                .rttHysteresisMs(steeringMode == SteeringMode.SMALLEST_DELAY ? v[6] : null);
        for (int k = 0; k < shareAps.length; k++) {
            r.share(shareAps[k], sharePercents[k]);
        }
        if (v[1] != NO_DESCRIPTOR) {
            r.trafficDescriptor(TrafficDescriptor.builder().protocol(v[1]).dstPorts(v[2], v[3]).dscp(v[4])
                    .dstPrefix(steeringIds[1]).build());
        }
        return r.build();
    }

    /** @return intent id */
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return "StoredIntent{" + id + " v" + version + " " + state + "}";
    }
}
