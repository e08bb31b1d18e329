package org.mpsdn.impl.steering;

import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Which steering intent applies, as ATSSS rule precedence decides it: among the intents that
 * target the UE (or all UEs) and whose traffic descriptor matches, the one with the lowest
 * precedence. Two intents that could govern the same flow with the same precedence are a tie,
 * rejected when the second is submitted ({@link #tie}); should a tie exist anyway (two
 * instances accepting at once), the smaller id wins.
 */
public final class SteeringPrecedence {
    private static final Comparator<MpsdnIntent> ORDER = Comparator
            .<MpsdnIntent>comparingInt(i -> i.steering().precedence()).thenComparing(MpsdnIntent::id);

    private SteeringPrecedence() {
    }

    /**
     * Whether an intent targets a UE.
     *
     * @param i  steering intent
     * @param ue UE id
     * @return true when it targets the UE or all UEs
     */
    public static boolean targets(MpsdnIntent i, String ue) {
        return i.target().equals(ue) || SteeringRule.ALL_UES.equals(i.target());
    }

    /**
     * Whether two steering intents could govern a common flow.
     *
     * @param a an intent
     * @param b another intent
     * @return true when their targets meet and their traffic descriptors overlap
     */
    public static boolean overlap(MpsdnIntent a, MpsdnIntent b) {
        boolean ues = a.target().equals(b.target()) || SteeringRule.ALL_UES.equals(a.target())
                || SteeringRule.ALL_UES.equals(b.target());
        return ues && TrafficDescriptor.overlap(a.steering().trafficDescriptor(), b.steering().trafficDescriptor());
    }

    /**
     * Checks a submission against the intents in force.
     *
     * @param existing  the intents in force (any kind; the submission's own id is skipped)
     * @param submitted a steering intent
     * @return the error naming the intent it ties with, empty when there is none
     */
    public static Optional<String> tie(Collection<MpsdnIntent> existing, MpsdnIntent submitted) {
        int p = submitted.steering().precedence();
        return existing.stream().filter(SteeringPrecedence::isSteering)
                .filter(o -> !o.id().equals(submitted.id()) && o.steering().precedence() == p
                        && overlap(o, submitted))
                .min(ORDER).map(o -> "precedence: " + p + " is also the precedence of steering intent '" + o.id()
                        + "' (target " + o.target() + "), whose flows overlap; choose another precedence");
    }

    /**
     * The intent that governs all of a UE's traffic: the lowest precedence among the intents
     * for the UE (or all UEs) without a traffic descriptor. Client weights, which set whole
     * paths, follow it.
     *
     * @param intents the intents in force (any kind)
     * @param ue      UE id
     * @return the intent, empty when none has no descriptor
     */
    public static Optional<MpsdnIntent> forUe(Collection<MpsdnIntent> intents, String ue) {
        return first(intents, ue, i -> i.steering().trafficDescriptor() == null);
    }

    /**
     * The intent that governs one flow of a UE.
     *
     * @param intents the intents in force (any kind)
     * @param ue      UE id
     * @param proto   the flow's IP protocol number
     * @param dstIp   its destination address
     * @param dstPort its destination port ({@link TrafficDescriptor#ANY} when it has none)
     * @param dscp    its DSCP ({@link TrafficDescriptor#ANY} when unknown)
     * @return the intent, empty when none matches
     */
    public static Optional<MpsdnIntent> forFlow(Collection<MpsdnIntent> intents, String ue, int proto, String dstIp,
                                                int dstPort, int dscp) {
        return first(intents, ue, i -> {
            TrafficDescriptor t = i.steering().trafficDescriptor();
            return t == null || t.matches(proto, dstIp, dstPort, dscp);
        });
    }

    private static Optional<MpsdnIntent> first(Collection<MpsdnIntent> intents, String ue,
                                               Predicate<MpsdnIntent> matches) {
        return intents.stream().filter(SteeringPrecedence::isSteering).filter(i -> targets(i, ue))
                .filter(matches).min(ORDER);
    }

    private static boolean isSteering(MpsdnIntent i) {
        return i.kind() == IntentKind.STEERING && i.steering() != null;
    }
}
