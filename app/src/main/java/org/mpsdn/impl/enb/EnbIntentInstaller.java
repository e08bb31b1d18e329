package org.mpsdn.impl.enb;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.FlowSplit;
import org.mpsdn.enb.v1.GetSchedulingPolicyResponse;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.enb.v1.SplitConfig;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Installs {@link IntentKind#ENB_SCHEDULING} intents on the eNB they target, and reports what
 * the eNB acknowledged.
 *
 * <p>Install: read the eNB's policy and the UEs it serves; plan a policy with
 * {@link EnbPolicyPlanner} from the flows that currently meet at the eNB (one cluster
 * {@code user:<ue>} per multipath user, the intent's intra-cluster discipline inside, Max C/I
 * when the intent leaves it open, the operator's per-cluster overrides, the intent's
 * inter-cluster discipline between clusters); push it with the next version (installed + 1)
 * unless the eNB already holds the same content; read it back. The outcome is acknowledged
 * only when the read-back equals what was sent; otherwise it fails with the eNB's gRPC code
 * and message (rejection), the transport error (unreachable), or the read-back mismatch. If
 * split flows are requested for the eNB, their configuration (each with its DIDA hold time
 * t_opt, see {@link SplitConfigs}) is pushed and read back the same way; {@link #splitsOf}
 * turns an intent's {@link EnbSplit} into that configuration, and the split's two UE links join
 * the target user's cluster ({@code user:<targetUe>}), as the paper pairs its demux with a
 * cluster of the target and the relay.</p>
 *
 * <p>Re-planning: the installer remembers, per installed intent, the flows its plan was made
 * from. {@link #replan(String)} (called when the regulation state of an eNB changes, i.e. every
 * cycle) plans again every intent at that eNB whose flows changed, or whose last attempt is
 * older than the re-check interval ({@link #setRecheckIntervalMillis}, default 30 s: retries a
 * failed intent, restores a policy the eNB lost); it pushes only when the planned content differs
 * from what the eNB holds, and reports a changed outcome through the {@link IntentStateListener}:
 * FAILED with the eNB's reason when it rejects the re-plan, INSTALLED when a later re-plan is
 * accepted.</p>
 *
 * <p>Uninstall: push the eNB's default policy (no clusters, so every UE is its own cluster,
 * PFS between clusters) and, when this installer manages splits, clear the split
 * configuration, again acknowledged by read-back.</p>
 *
 * <p>Flows on UEs the eNB does not serve are left out of the plan (the eNB would reject the
 * whole policy for them) and logged. Override keys may be a cluster id ({@code user:ue1}) or
 * a bare user id ({@code ue1}).</p>
 */
public final class EnbIntentInstaller implements IntentInstaller {

    private final Logger log = getLogger(getClass());

    private final Function<String, EnbPolicyClient> clients;
    private final Function<String, Collection<EnbFlow>> flowsAt;
    private final Function<MpsdnIntent, List<FlowSplit>> splitsFor;
    private final Executor executor;
    private final Map<String, Installed> installed = new ConcurrentHashMap<>();
    private volatile IntentStateListener listener;
    private volatile long recheckNanos = TimeUnit.MILLISECONDS.toNanos(DEFAULT_RECHECK_MS);

    /** Default interval of the re-check of intents whose flows did not change, in ms. */
    public static final long DEFAULT_RECHECK_MS = 30_000;

    /** What the installer last did for one intent. */
    private static final class Installed {
        final MpsdnIntent intent;
        final List<EnbFlow> flows;
        final InstallOutcome outcome;
        final long attemptNanos;

        Installed(MpsdnIntent intent, List<EnbFlow> flows, InstallOutcome outcome) {
            this.intent = intent;
            this.flows = flows;
            this.outcome = outcome;
            this.attemptNanos = System.nanoTime();
        }
    }

    /**
     * Creates the installer.
     *
     * @param clients   eNB id to a client of its policy service; throws an
     *                  {@link IllegalArgumentException} with the reason when the eNB has no
     *                  usable endpoint
     * @param flowsAt   eNB id to the flows that currently meet at it
     * @param splitsFor intent to the split flows its eNB must apply (empty: none; null: the
     *                  installer leaves the eNB's split configuration alone)
     * @param executor  runs the blocking gRPC calls
     */
    public EnbIntentInstaller(Function<String, EnbPolicyClient> clients,
                              Function<String, Collection<EnbFlow>> flowsAt,
                              Function<MpsdnIntent, List<FlowSplit>> splitsFor, Executor executor) {
        this.clients = Objects.requireNonNull(clients, "clients");
        this.flowsAt = Objects.requireNonNull(flowsAt, "flowsAt");
        this.splitsFor = Objects.requireNonNull(splitsFor, "splitsFor");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    @Override
    public IntentKind kind() {
        return IntentKind.ENB_SCHEDULING;
    }

    @Override
    public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        return run(intent, true);
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        return run(intent, false);
    }

    @Override
    public void setStateListener(IntentStateListener stateListener) {
        this.listener = stateListener;
    }

    /**
     * Turns an intent's split request into the eNB's split configuration: none without a split,
     * else one TCP split ({@code split_id} = the intent id) with DIDA's t_opt as hold time.
     *
     * @param intent eNB scheduling intent
     * @return split entries, empty without a split
     */
    public static List<FlowSplit> splitsOf(MpsdnIntent intent) {
        EnbSplit s = intent.split();
        if (s == null) {
            return List.of();
        }
        double rtt = s.rttMs() / 1000.0;
        double epoch = s.epochMs() / 1000.0;
        FlowSplit f = s.mode() == SplitMode.SHARED_BUFFER
                ? SplitConfigs.sharedTcpSplit(intent.id(), s.dstIp(), s.targetUe(), s.secondPathUe(), s.lteShare(),
                        rtt, s.windowPackets(), s.alpha(), s.beta(), epoch)
                : SplitConfigs.tcpSplit(intent.id(), s.dstIp(), s.targetUe(), s.secondPathUe(), s.lteShare(),
                        rtt, s.windowPackets(), s.alpha(), s.beta(), epoch);
        if (s.dstPort() != 0) {
            f = f.toBuilder().setMatch(f.getMatch().toBuilder().setDstPort(s.dstPort())).build();
        }
        return List.of(f);
    }

    /**
     * Takes over an intent installed before this installer existed (app reactivation, another
     * instance): it is re-planned at the next {@link #replan(String)} of its eNB. PENDING intents
     * and other kinds are ignored (the intent manager dispatches those); an intent the installer
     * already tracks is kept.
     *
     * @param intent intent from the intent table
     */
    public void adopt(MpsdnIntent intent) {
        if (intent.kind() != IntentKind.ENB_SCHEDULING || intent.state() == IntentState.PENDING) {
            return;
        }
        InstallOutcome o = intent.state() == IntentState.INSTALLED ? InstallOutcome.acknowledged()
                : InstallOutcome.failed(intent.reason().isEmpty() ? "failed" : intent.reason());
        installed.putIfAbsent(intent.id(), new Installed(intent, null, o));
    }

    /**
     * Sets how long an installed intent whose flows did not change goes without a re-check
     * (read the eNB, push again only if it no longer holds the planned content: a failed
     * intent is retried, an eNB that lost its policy gets it back).
     *
     * @param millis interval in ms, &gt;= 0
     */
    public void setRecheckIntervalMillis(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("recheck interval: must be >= 0, was " + millis);
        }
        recheckNanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /**
     * Plans again the installed intents at an eNB whose flows changed, or whose last attempt is
     * older than the re-check interval (runs on the executor).
     *
     * @param enbId eNB id
     */
    public void replan(String enbId) {
        try {
            executor.execute(() -> {
                for (Installed i : List.copyOf(installed.values())) {
                    if (i.intent.target().equals(enbId)) {
                        try {
                            replanOne(i);
                        } catch (RuntimeException e) {
                            log.warn("eNB intent {}: re-plan failed: {}", i.intent.id(), e.toString());
                        }
                    }
                }
            });
        } catch (RuntimeException e) {
            log.debug("eNB {}: re-plan not scheduled ({})", enbId, e.toString());
        }
    }

    private void replanOne(Installed prev) {
        List<EnbFlow> now = flowsHere(prev.intent.target());
        if (prev.flows != null && now.equals(prev.flows) && System.nanoTime() - prev.attemptNanos < recheckNanos) {
            return;
        }
        InstallOutcome o = doInstall(prev.intent, now);
        if (installed.get(prev.intent.id()) != prev) {
            return; // replaced or removed meanwhile
        }
        installed.put(prev.intent.id(), new Installed(prev.intent, now, o));
        boolean same = o.isAcknowledged() == prev.outcome.isAcknowledged()
                && o.reason().equals(prev.outcome.reason());
        IntentStateListener l = listener;
        if (!same && l != null) {
            log.info("eNB intent {} v{} after re-plan: {}", prev.intent.id(), prev.intent.version(), o);
            l.stateChanged(prev.intent.id(), prev.intent.version(), o);
        }
    }

    /** The flows at an eNB in a canonical order (so that two snapshots compare equal). */
    private List<EnbFlow> flowsHere(String enb) {
        List<EnbFlow> out = new ArrayList<>(flowsAt.apply(enb));
        out.sort((a, b) -> (a.flowId() + '\n' + a.userId() + '\n' + a.enbId() + '\n' + a.ueId())
                .compareTo(b.flowId() + '\n' + b.userId() + '\n' + b.enbId() + '\n' + b.ueId()));
        return out;
    }

    private CompletionStage<InstallOutcome> run(MpsdnIntent intent, boolean install) {
        if (intent.kind() != IntentKind.ENB_SCHEDULING) {
            return CompletableFuture.completedFuture(InstallOutcome.failed("kind: " + intent.kind()
                    + " is not handled by the eNB installer"));
        }
        CompletableFuture<InstallOutcome> f = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    f.complete(install ? installAndTrack(intent) : doUninstall(intent));
                } catch (RuntimeException e) {
                    log.warn("eNB intent {}: {}", intent.id(), e.toString());
                    f.complete(InstallOutcome.failed("eNB " + intent.target() + ": " + e));
                }
            });
        } catch (RuntimeException e) {
            f.complete(InstallOutcome.failed("eNB " + intent.target() + ": installer stopped (" + e + ")"));
        }
        return f;
    }

    /**
     * Maps a northbound discipline to the wire enum.
     *
     * @param d discipline
     * @return wire discipline
     */
    static Discipline wire(EnbDiscipline d) {
        switch (d) {
            case PFS:
                return Discipline.DISCIPLINE_PFS;
            case MAX_CI:
                return Discipline.DISCIPLINE_MAX_CI;
            default:
                return Discipline.DISCIPLINE_ROUND_ROBIN;
        }
    }

    /**
     * Plans the policy content an intent asks for at its eNB (version 1; the installer restamps it).
     *
     * @param intent eNB scheduling intent
     * @param flows  flows meeting at the eNB
     * @param known  UEs the eNB serves
     * @return policy
     */
    SchedulingPolicy plan(MpsdnIntent intent, Collection<EnbFlow> flows, Set<String> known) {
        Map<String, Discipline> overrides = new HashMap<>();
        for (Map.Entry<String, EnbDiscipline> e : intent.clusterOverrides().entrySet()) {
            String id = e.getKey().startsWith(EnbPolicyPlanner.CLUSTER_PREFIX) ? e.getKey()
                    : EnbPolicyPlanner.clusterId(e.getKey());
            overrides.put(id, wire(e.getValue()));
        }
        Discipline intra = intent.intraCluster() == null ? Discipline.DISCIPLINE_MAX_CI
                : wire(intent.intraCluster());
        Discipline inter = wire(intent.interCluster());
        List<EnbFlow> here = new ArrayList<>();
        EnbSplit split = intent.split();
        List<EnbFlow> all = new ArrayList<>(flows);
        if (split != null) {
            String flowId = "split:" + intent.id();
            all.add(new EnbFlow(flowId, split.targetUe(), intent.target(), split.targetUe()));
            all.add(new EnbFlow(flowId, split.targetUe(), intent.target(), split.secondPathUe()));
        }
        for (EnbFlow f : all) {
            if (!f.enbId().equals(intent.target())) {
                continue;
            }
            if (known.contains(f.ueId())) {
                here.add(f);
            } else {
                log.warn("eNB {}: flow {} of UE {} left out of the policy: the eNB does not serve that UE",
                        intent.target(), f.flowId(), f.ueId());
            }
        }
        EnbPolicyPlanner.Plan plan = new EnbPolicyPlanner(intra, inter, overrides).plan(here, 1);
        plan.conflicts().forEach(c -> log.warn("eNB intent {}: {}", intent.id(), c));
        SchedulingPolicy p = plan.policies().get(intent.target());
        return p != null ? p : SchedulingPolicy.newBuilder().setVersion(1).setInterCluster(inter).build();
    }

    private InstallOutcome installAndTrack(MpsdnIntent intent) {
        List<EnbFlow> flows = flowsHere(intent.target());
        InstallOutcome o = doInstall(intent, flows);
        installed.put(intent.id(), new Installed(intent, flows, o));
        return o;
    }

    private InstallOutcome doInstall(MpsdnIntent intent, Collection<EnbFlow> flows) {
        String enb = intent.target();
        EnbPolicyClient c;
        try {
            c = clients.apply(enb);
        } catch (IllegalArgumentException e) {
            return InstallOutcome.failed("eNB " + enb + ": " + e.getMessage());
        }
        GetSchedulingPolicyResponse cur;
        try {
            cur = c.read();
        } catch (StatusRuntimeException e) {
            return unreachable(enb, e.getStatus());
        }
        SchedulingPolicy wanted = plan(intent, flows, new HashSet<>(cur.getKnownUeIdsList()));
        String err = apply(c, cur.getPolicy(), wanted);
        if (err != null) {
            return InstallOutcome.failed(err);
        }
        List<FlowSplit> splits = splitsFor.apply(intent);
        if (splits != null) {
            err = applySplits(c, splits);
        }
        return err == null ? InstallOutcome.acknowledged() : InstallOutcome.failed(err);
    }

    private InstallOutcome doUninstall(MpsdnIntent intent) {
        String enb = intent.target();
        installed.remove(intent.id());
        EnbPolicyClient c;
        try {
            c = clients.apply(enb);
        } catch (IllegalArgumentException e) {
            return InstallOutcome.failed("eNB " + enb + ": " + e.getMessage());
        }
        GetSchedulingPolicyResponse cur;
        try {
            cur = c.read();
        } catch (StatusRuntimeException e) {
            return unreachable(enb, e.getStatus());
        }
        SchedulingPolicy def = SchedulingPolicy.newBuilder().setVersion(1)
                .setInterCluster(Discipline.DISCIPLINE_PFS).build();
        String err = apply(c, cur.getPolicy(), def);
        if (err == null && splitsFor.apply(intent) != null) {
            err = applySplits(c, List.of());
        }
        return err == null ? InstallOutcome.acknowledged() : InstallOutcome.failed(err);
    }

    private static InstallOutcome unreachable(String enb, Status s) {
        return InstallOutcome.failed("eNB " + enb + " unreachable: " + describe(s));
    }

    private static String describe(Status s) {
        return s.getCode().name() + (s.getDescription() == null ? "" : ": " + s.getDescription());
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
    private static String apply(EnbPolicyClient c, SchedulingPolicy installed, SchedulingPolicy wanted) {
        String enb = c.enbId();
        SchedulingPolicy sent;
        if (sameContent(installed, wanted)) {
            sent = installed;
        } else {
            sent = wanted.toBuilder().setVersion(installed.getVersion() + 1).build();
            InstallStatus s = c.pushPolicy(sent);
            if (s.state() != InstallState.INSTALLED) {
                return "eNB " + enb + " rejected policy v" + sent.getVersion() + ": " + s.reason();
            }
        }
        SchedulingPolicy back;
        try {
            back = c.read().getPolicy();
        } catch (StatusRuntimeException e) {
            return "eNB " + enb + ": read-back of policy v" + sent.getVersion() + " failed: "
                    + describe(e.getStatus());
        }
        if (!back.equals(sent)) {
            return "eNB " + enb + ": read-back shows policy v" + back.getVersion() + " other than the v"
                    + sent.getVersion() + " sent";
        }
        return null;
    }

    /**
     * Installs the split set (replacing the previous one) unless installed already, then reads back.
     *
     * @return null when acknowledged, else the reason
     */
    private static String applySplits(EnbPolicyClient c, List<FlowSplit> splits) {
        String enb = c.enbId();
        SplitConfig installed;
        try {
            installed = c.readSplit();
        } catch (StatusRuntimeException e) {
            return "eNB " + enb + ": reading the split configuration failed: " + describe(e.getStatus());
        }
        if (installed.getSplitsList().equals(splits)) {
            return null;
        }
        SplitConfig sent = SplitConfig.newBuilder().setVersion(installed.getVersion() + 1)
                .addAllSplits(splits).build();
        InstallStatus s = c.pushSplit(sent);
        if (s.state() != InstallState.INSTALLED) {
            return "eNB " + enb + " rejected split configuration v" + sent.getVersion() + ": " + s.reason();
        }
        SplitConfig back;
        try {
            back = c.readSplit();
        } catch (StatusRuntimeException e) {
            return "eNB " + enb + ": read-back of split configuration v" + sent.getVersion() + " failed: "
                    + describe(e.getStatus());
        }
        if (!back.equals(sent)) {
            return "eNB " + enb + ": read-back shows split configuration v" + back.getVersion()
                    + " other than the v" + sent.getVersion() + " sent";
        }
        return null;
    }
}
