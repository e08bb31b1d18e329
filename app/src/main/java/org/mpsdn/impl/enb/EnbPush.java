package org.mpsdn.impl.enb;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.enb.v1.FlowSplit;
import org.mpsdn.enb.v1.GetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.enb.v1.SplitConfig;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.function.Function;

/**
 * The eNB side of an install: reads what the eNB holds, plans the policy (and splits), pushes each with
 * {@link VersionedPush} unless the eNB already holds the same content, and reads it back.
 */
final class EnbPush {
    private final Function<String, EnbPolicyClient> clients;
    private final Function<MpsdnIntent, List<FlowSplit>> splitsFor;

    EnbPush(Function<String, EnbPolicyClient> clients, Function<MpsdnIntent, List<FlowSplit>> splitsFor) {
        this.clients = clients;
        this.splitsFor = splitsFor;
    }

    /**
     * Plans an intent from the flows at its eNB and pushes what the eNB does not hold yet.
     *
     * @param intent the intent
     * @param flows  the flows at its eNB
     * @return the outcome
     */
    InstallOutcome install(MpsdnIntent intent, Collection<EnbFlow> flows) {
        Reach r = reach(intent.target());
        if (r.failure != null) {
            return r.failure;
        }
        SchedulingPolicy wanted = EnbIntentPlanner.plan(intent, flows,
                new HashSet<>(r.current.getKnownUeIdsList()));
        String err = applyPolicy(r.client, r.current.getPolicy(), wanted);
        if (err == null) {
            List<FlowSplit> splits = splitsFor.apply(intent);
            if (splits != null) {
                err = applySplits(r.client, splits);
            }
        }
        return err == null ? InstallOutcome.acknowledged() : InstallOutcome.failed(err);
    }

    /**
     * Restores the eNB's default policy (and clears its splits when this installer manages them).
     *
     * @param intent the intent removed
     * @return the outcome
     */
    InstallOutcome uninstall(MpsdnIntent intent) {
        Reach r = reach(intent.target());
        if (r.failure != null) {
            return r.failure;
        }
        String err = applyPolicy(r.client, r.current.getPolicy(), EnbIntentPlanner.defaultPolicy());
        if (err == null && splitsFor.apply(intent) != null) {
            err = applySplits(r.client, List.of());
        }
        return err == null ? InstallOutcome.acknowledged() : InstallOutcome.failed(err);
    }

    /** The client of an eNB and what the eNB holds now, or why they cannot be had. */
    private static final class Reach {
        EnbPolicyClient client;
        GetSchedulingPolicyResponse current;
        InstallOutcome failure;
    }

    private Reach reach(String enb) {
        Reach r = new Reach();
        try {
            r.client = clients.apply(enb);
        } catch (IllegalArgumentException e) {
            r.failure = InstallOutcome.failed("eNB " + enb + ": " + e.getMessage());
            return r;
        }
        try {
            r.current = r.client.read();
        } catch (StatusRuntimeException e) {
            r.failure = unreachable(enb, e.getStatus());
        }
        return r;
    }

    private static InstallOutcome unreachable(String enb, Status s) {
        return InstallOutcome.failed("eNB " + enb + " unreachable: " + VersionedPush.describe(s));
    }

    /** Same content, ignoring the version. */
    private static boolean sameContent(SchedulingPolicy a, SchedulingPolicy b) {
        return a.toBuilder().setVersion(0).build().equals(b.toBuilder().setVersion(0).build());
    }

    /**
     * Pushes {@code wanted} with the next version unless installed already, then reads back.
     *
     * @return null when acknowledged, else the reason
     */
    private static String applyPolicy(EnbPolicyClient c, SchedulingPolicy installed, SchedulingPolicy wanted) {
        VersionedPush<SchedulingPolicy> push = VersionedPush.policy(c);
        return sameContent(installed, wanted) ? push.readBack(installed) : push.push(installed, wanted);
    }

    /**
     * Installs the split set (replacing the previous one) unless installed already, then reads back.
     *
     * @return null when acknowledged, else the reason
     */
    private static String applySplits(EnbPolicyClient c, List<FlowSplit> splits) {
        SplitConfig installed;
        try {
            installed = c.readSplit();
        } catch (StatusRuntimeException e) {
            return "eNB " + c.enbId() + ": reading the split configuration failed: "
                    + VersionedPush.describe(e.getStatus());
        }
        if (installed.getSplitsList().equals(splits)) {
            return null;
        }
        return VersionedPush.split(c).push(installed, SplitConfig.newBuilder().addAllSplits(splits).build());
    }
}
