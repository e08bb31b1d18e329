package org.mpsdn.impl.northbound;

import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.steering.SteeringPrecedence;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What a submitted intent must name that exists, checked against the configuration and the
 * intents in force before the intent is stored. Each failure is an
 * {@link IllegalArgumentException} naming the field.
 */
final class SubmitChecks {

    private SubmitChecks() {
    }

    /**
     * Checks a submission.
     *
     * @param intent   the validated intent
     * @param aps      the configured APs
     * @param ues      the known UE ids (read only for the kinds that target a UE)
     * @param existing the intents in force
     */
    static void check(MpsdnIntent intent, List<ApSpec> aps, Supplier<Set<String>> ues,
                      Collection<MpsdnIntent> existing) {
        switch (intent.kind()) {
            case MULTIPATH_POLICY:
                multipath(intent, aps, ues.get(), existing);
                break;
            case ENB_SCHEDULING:
                Optional<ApSpec> enb = aps.stream().filter(a -> a.id().equals(intent.target())).findFirst();
                if (enb.isEmpty()) {
                    throw new IllegalArgumentException("target: unknown eNB '" + intent.target() + "'");
                }
                if (enb.get().kind() != ApKind.LTE) {
                    throw new IllegalArgumentException("target: AP '" + intent.target() + "' is not an LTE eNB");
                }
                break;
            case STEERING:
                steering(intent, aps, ues.get(), existing);
                break;
            default:
                break;
        }
    }

    private static void multipath(MpsdnIntent intent, List<ApSpec> aps, Set<String> ues,
                                  Collection<MpsdnIntent> existing) {
        if (!ues.contains(intent.target())) {
            throw new IllegalArgumentException("target: unknown UE '" + intent.target() + "'");
        }
        if (intent.mode() == MultipathMode.PIN_PRIMARY && !isAp(aps, intent.apId())) {
            throw new IllegalArgumentException("apId: unknown AP '" + intent.apId() + "'");
        }
        for (MpsdnIntent other : existing) {
            if (other.kind() == IntentKind.MULTIPATH_POLICY && other.target().equals(intent.target())
                    && !other.id().equals(intent.id())) {
                throw new IllegalArgumentException("target: UE '" + intent.target()
                        + "' already has multipath policy intent '" + other.id() + "' (update or remove it)");
            }
        }
    }

    private static void steering(MpsdnIntent intent, List<ApSpec> aps, Set<String> ues,
                                 Collection<MpsdnIntent> existing) {
        if (!SteeringRule.ALL_UES.equals(intent.target()) && !ues.contains(intent.target())) {
            throw new IllegalArgumentException("target: unknown UE '" + intent.target() + "' (or * for all UEs)");
        }
        SteeringRule r = intent.steering();
        if (r.activeAp() != null && !isAp(aps, r.activeAp())) {
            throw new IllegalArgumentException(SteeringRule.PREFIX + "activeAp: unknown AP '" + r.activeAp() + "'");
        }
        for (String ap : r.shares().keySet()) {
            if (!isAp(aps, ap)) {
                throw new IllegalArgumentException(SteeringRule.PREFIX + "shares." + ap + ": unknown AP '" + ap
                        + "'");
            }
        }
        SteeringPrecedence.tie(existing, intent).ifPresent(e -> {
            throw new IllegalArgumentException(e);
        });
    }

    private static boolean isAp(List<ApSpec> aps, String id) {
        return aps.stream().anyMatch(a -> a.id().equals(id));
    }
}
