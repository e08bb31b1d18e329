package org.mpsdn.impl.enb;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.enb.v1.FlowSplit;
import org.mpsdn.impl.cluster.NotOwnerException;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Installs {@link IntentKind#ENB_SCHEDULING} intents on the eNB they target, and reports what
 * the eNB acknowledged.
 *
 * <p>Install: read the eNB's policy and the UEs it serves; plan the policy (and, if split flows
 * are requested for the eNB, the split configuration) with {@link EnbIntentPlanner}; push each
 * with {@link VersionedPush} unless the eNB already holds the same content, and read it back.
 * The outcome is acknowledged only when every read-back equals what was sent; otherwise it
 * fails with the eNB's gRPC code and message (rejection), the transport error (unreachable),
 * or the read-back mismatch.</p>
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
 * <p>Uninstall: push the eNB's default policy ({@link EnbIntentPlanner#defaultPolicy()}) and,
 * when this installer manages splits, clear the split configuration, again acknowledged by
 * read-back.</p>
 */
public final class EnbIntentInstaller implements IntentInstaller {

    private final Logger log = getLogger(getClass());

    private final Function<String, Collection<EnbFlow>> flowsAt;
    private final Executor executor;
    private final Predicate<String> owns;
    private final EnbPush push;
    private final Map<String, Installed> installed = new ConcurrentHashMap<>();
    private volatile IntentStateListener listener;
    private volatile long recheckNanos = TimeUnit.MILLISECONDS.toNanos(DEFAULT_RECHECK_MS);

    /** Default interval of the re-check of intents whose flows did not change, in ms. */
    public static final long DEFAULT_RECHECK_MS = OsgiPropertyConstants.ENB_RECHECK_MS_DEFAULT;

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
        this(clients, flowsAt, splitsFor, executor, enb -> true);
    }

    /**
     * Creates the installer of one instance of a cluster: it pushes only to the eNBs whose control domain this
     * instance owns, checked inside each queued task.
     *
     * @param clients   as above
     * @param flowsAt   as above
     * @param splitsFor as above
     * @param executor  as above
     * @param owns      eNB id to whether this instance owns the eNB's domain now
     */
    public EnbIntentInstaller(Function<String, EnbPolicyClient> clients,
                              Function<String, Collection<EnbFlow>> flowsAt,
                              Function<MpsdnIntent, List<FlowSplit>> splitsFor, Executor executor,
                              Predicate<String> owns) {
        this.owns = Objects.requireNonNull(owns, "owns");
        this.flowsAt = Objects.requireNonNull(flowsAt, "flowsAt");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.push = new EnbPush(Objects.requireNonNull(clients, "clients"),
                Objects.requireNonNull(splitsFor, "splitsFor"));
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
        installed.putIfAbsent(intent.id(), new Installed(intent, null, outcomeOf(intent)));
    }

    private static InstallOutcome outcomeOf(MpsdnIntent intent) {
        return intent.state() == IntentState.INSTALLED ? InstallOutcome.acknowledged()
                : InstallOutcome.failed(intent.reason().isEmpty() ? "failed" : intent.reason());
    }

    /**
     * An intent changed in the cluster's intent table (every instance hears every change). Queued on the
     * executor; inside the task, as ONOS 2.7.0's {@code apps/kubevirt-networking/app/src/main/java/org/
     * onosproject/kubevirtnetworking/impl/KubevirtSecurityGroupHandler.java} checks {@code isRelevantHelper()}
     * inside each queued store event, only the owner of the eNB's domain acts: it installs a new PENDING version
     * it has not installed (reporting the outcome to the state listener) or removes an intent it tracked. Another
     * instance only remembers the intent, so that it re-plans it if it becomes the owner.
     *
     * @param previous the intent before the change, or null
     * @param current  the intent after it, or null when removed
     */
    public void intentChanged(MpsdnIntent previous, MpsdnIntent current) {
        MpsdnIntent any = current != null ? current : previous;
        if (any == null || any.kind() != IntentKind.ENB_SCHEDULING) {
            return;
        }
        queue(any.id(), () -> {
            if (current == null) {
                Installed was = installed.remove(previous.id());
                if (was != null && owns.test(previous.target())) {
                    log.info("eNB intent {} removed on another instance: {}", previous.id(), doUninstall(previous));
                }
            } else if (!owns.test(current.target())) {
                installed.put(current.id(), new Installed(current, null,
                        current.state() == IntentState.PENDING ? null : outcomeOf(current)));
            } else if (current.state() == IntentState.PENDING && installedOutcome(current) == null) {
                report(current, installAndTrack(current));
            }
        });
    }

    private void queue(String id, Runnable task) {
        try {
            executor.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.warn("eNB intent {}: {}", id, e.toString());
                }
            });
        } catch (RuntimeException e) {
            log.debug("eNB intent {}: not queued ({})", id, e.toString());
        }
    }

    /** What this installer already got from the eNB for this version of the intent, or null. */
    private InstallOutcome installedOutcome(MpsdnIntent intent) {
        Installed i = installed.get(intent.id());
        return i != null && i.intent.version() == intent.version() ? i.outcome : null;
    }

    private void report(MpsdnIntent intent, InstallOutcome o) {
        IntentStateListener l = listener;
        if (l != null) {
            l.stateChanged(intent.id(), intent.version(), o);
        }
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
                if (!owns.test(enbId)) {
                    return; // the owner of the eNB's domain re-plans (checked inside the task, as above)
                }
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
        boolean same = prev.outcome != null && o.isAcknowledged() == prev.outcome.isAcknowledged()
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
                    if (!owns.test(intent.target())) {
                        if (!install) {
                            installed.remove(intent.id());
                        }
                        f.completeExceptionally(new NotOwnerException("eNB " + intent.target()
                                + ": the owner of its domain " + (install ? "installs" : "removes") + " the intent"));
                        return;
                    }
                    InstallOutcome done = install ? installedOutcome(intent) : null;
                    f.complete(done != null ? done : install ? installAndTrack(intent) : doUninstall(intent));
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

    private InstallOutcome installAndTrack(MpsdnIntent intent) {
        List<EnbFlow> flows = flowsHere(intent.target());
        InstallOutcome o = doInstall(intent, flows);
        installed.put(intent.id(), new Installed(intent, flows, o));
        return o;
    }

    private InstallOutcome doInstall(MpsdnIntent intent, Collection<EnbFlow> flows) {
        return push.install(intent, flows);
    }

    private InstallOutcome doUninstall(MpsdnIntent intent) {
        installed.remove(intent.id());
        return push.uninstall(intent);
    }
}
