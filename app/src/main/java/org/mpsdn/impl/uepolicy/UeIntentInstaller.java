package org.mpsdn.impl.uepolicy;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.core.model.UserPolicy;
import org.mpsdn.impl.decide.UePolicySource;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Installer of {@link IntentKind#MULTIPATH_POLICY} intents. The intents themselves are the
 * policy: every cycle of the regulation loop reads all multipath-policy intents of the
 * northbound service (the distributed intent book, so every ONOS instance's loop sees the same
 * policies) and passes them to the core. An install or removal is acknowledged when the next
 * cycle that read it has applied its decision:
 * <ul>
 * <li>REGULATE and EXEMPT always hold: INSTALLED;</li>
 * <li>PIN_PRIMARY holds when the UE has a connection to the pinned AP: INSTALLED; otherwise
 *     FAILED with the reason (UE not seen, AP not configured, no connection to it). The intent
 *     stays in force: the loop regulates the UE by default meanwhile and, as soon as a cycle can
 *     apply the pin, the intent becomes INSTALLED (and FAILED again if the connection goes).</li>
 * </ul>
 * Only one intent per UE can be in force (the northbound rejects a second one); should two
 * exist, the one with the smaller id wins and the other FAILS.
 * Nothing is acknowledged while the loop does not run (no AP configured, app inactive): the
 * intent stays PENDING.
 */
@Component(immediate = true, service = {IntentInstaller.class, UePolicySource.class})
public class UeIntentInstaller implements IntentInstaller, UePolicySource {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NorthboundService northbound;

    /** Where the intents are read; the northbound service unless a test replaces it. */
    Supplier<Collection<MpsdnIntent>> intents;

    private final List<Waiter> waiters = new ArrayList<>();
    private volatile IntentStateListener listener;

    /** An install or removal waiting for a cycle. */
    private static final class Waiter {
        final MpsdnIntent intent;
        final boolean removal;
        final CompletableFuture<InstallOutcome> future = new CompletableFuture<>();

        Waiter(MpsdnIntent intent, boolean removal) {
            this.intent = intent;
            this.removal = removal;
        }
    }

    /**
     * Starts the installer.
     */
    @Activate
    protected void activate() {
        if (intents == null) {
            intents = () -> northbound.intents();
        }
        log.info("Started");
    }

    /**
     * Stops the installer; waiting installs stay PENDING.
     */
    @Deactivate
    protected void deactivate() {
        synchronized (waiters) {
            waiters.clear();
        }
        log.info("Stopped");
    }

    @Override
    public IntentKind kind() {
        return IntentKind.MULTIPATH_POLICY;
    }

    @Override
    public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        return await(new Waiter(intent, false));
    }

    @Override
    public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        return await(new Waiter(intent, true));
    }

    private CompletionStage<InstallOutcome> await(Waiter w) {
        if (w.intent.kind() != IntentKind.MULTIPATH_POLICY) {
            w.future.complete(InstallOutcome.failed("kind: " + w.intent.kind() + " is not MULTIPATH_POLICY"));
            return w.future;
        }
        synchronized (waiters) {
            waiters.add(w);
        }
        return w.future;
    }

    @Override
    public void setStateListener(IntentStateListener stateListener) {
        this.listener = stateListener;
    }

    /**
     * Translates an intent into the core's policy.
     *
     * @param intent multipath-policy intent
     * @return the policy
     */
    static UserPolicy policyOf(MpsdnIntent intent) {
        switch (intent.mode()) {
            case EXEMPT:
                return UserPolicy.EXEMPT;
            case PIN_PRIMARY:
                return UserPolicy.pinPrimary(intent.apId());
            default:
                return UserPolicy.REGULATE;
        }
    }

    @Override
    public Round open() {
        List<Waiter> taken;
        synchronized (waiters) {
            // they stay listed until a cycle resolves them: a cycle that fails leaves them waiting
            taken = new ArrayList<>(waiters);
        }
        // read after taking the waiters: every waiting version is already in the book
        Map<String, MpsdnIntent> byId = new TreeMap<>();
        Supplier<Collection<MpsdnIntent>> source = intents;
        if (source != null) {
            for (MpsdnIntent i : source.get()) {
                if (i.kind() == IntentKind.MULTIPATH_POLICY) {
                    byId.put(i.id(), i);
                }
            }
        }
        Map<String, MpsdnIntent> byUe = new HashMap<>();
        Map<String, String> shadowed = new HashMap<>();
        for (MpsdnIntent i : byId.values()) {
            MpsdnIntent first = byUe.putIfAbsent(i.target(), i);
            if (first != null) {
                shadowed.put(i.id(), "target: UE " + i.target() + " is governed by intent " + first.id());
            }
        }
        Map<String, UserPolicy> policies = new HashMap<>();
        byUe.forEach((ue, i) -> policies.put(ue, policyOf(i)));
        return new PolicyRound(Map.copyOf(policies), byId, byUe, shadowed, taken);
    }

    /** One cycle's policies and the waiters it resolves. */
    private final class PolicyRound implements Round {
        private final Map<String, UserPolicy> policies;
        private final Map<String, MpsdnIntent> byId;
        private final Map<String, MpsdnIntent> byUe;
        private final Map<String, String> shadowed;
        private final List<Waiter> taken;

        PolicyRound(Map<String, UserPolicy> policies, Map<String, MpsdnIntent> byId, Map<String, MpsdnIntent> byUe,
                    Map<String, String> shadowed, List<Waiter> taken) {
            this.policies = policies;
            this.byId = byId;
            this.byUe = byUe;
            this.shadowed = shadowed;
            this.taken = taken;
        }

        @Override
        public Map<String, UserPolicy> policies() {
            return policies;
        }

        private InstallOutcome outcome(MpsdnIntent i, Map<String, String> unmet) {
            String why = shadowed.get(i.id());
            if (why == null && byUe.get(i.target()) == i) {
                why = unmet.get(i.target());
            }
            return why == null ? InstallOutcome.acknowledged() : InstallOutcome.failed(why);
        }

        @Override
        public void applied(Map<String, String> unmet) {
            List<Waiter> resolved = new ArrayList<>();
            List<Runnable> answers = new ArrayList<>();
            for (Waiter w : taken) {
                MpsdnIntent read = byId.get(w.intent.id());
                InstallOutcome answer = null;
                if (w.removal) {
                    if (read == null || read.version() > w.intent.version()) {
                        answer = InstallOutcome.acknowledged();
                    }
                } else if (read != null && read.version() == w.intent.version()) {
                    answer = outcome(read, unmet);
                } else if (read == null || read.version() > w.intent.version()) {
                    answer = InstallOutcome.failed("superseded before a cycle applied it");
                } // else the book's copy lags: wait for the next cycle
                if (answer != null) {
                    resolved.add(w);
                    InstallOutcome a = answer;
                    answers.add(() -> w.future.complete(a));
                }
            }
            synchronized (waiters) {
                waiters.removeAll(resolved);
            }
            answers.forEach(Runnable::run);
            IntentStateListener l = listener;
            if (l == null) {
                return;
            }
            // later changes of intents already answered (a pin's connection went or came back)
            for (MpsdnIntent i : byId.values()) {
                if (i.state() == IntentState.PENDING) {
                    continue;
                }
                InstallOutcome o = outcome(i, unmet);
                boolean same = o.isAcknowledged() ? i.state() == IntentState.INSTALLED
                        : i.state() == IntentState.FAILED && i.reason().equals(o.reason());
                if (!same) {
                    l.stateChanged(i.id(), i.version(), o);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "UeIntentInstaller";
    }
}
