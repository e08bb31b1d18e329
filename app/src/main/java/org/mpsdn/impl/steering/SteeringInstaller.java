package org.mpsdn.impl.steering;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.WeightPublisher;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Installs {@link IntentKind#STEERING} intents. The intents in force are the policy: every
 * {@link #evaluate()} (each regulation cycle, and right after an install) reads them, resolves
 * per UE the one that governs all its traffic ({@link SteeringPrecedence}), maps its mode onto
 * the client ({@link SteeringMechanism}) and applies it through the client-weights publisher
 * ({@link SteeringClients}). Each intent's state names, per UE it targets, what applies there.
 * <ul>
 * <li>INSTALLED: it applies on every UE it governs (weights acknowledged by the agent, or the
 *     regulation's own behaviour);</li>
 * <li>FAILED: on some UE it is not applied (the reason names them), or it targets no UE;</li>
 * <li>PENDING: an agent has not yet acknowledged the weights; after {@value #ACK_TIMEOUT_MS} ms
 *     without an acknowledgement the intent is FAILED, and INSTALLED once it comes.</li>
 * </ul>
 * A UE with a CLIENT_WEIGHTS intent keeps those weights: steering is not applied there.
 */
public final class SteeringInstaller implements IntentInstaller {
    /** How long an install waits for the agents' acknowledgements, in ms. */
    static final long ACK_TIMEOUT_MS = 5000;

    private final Supplier<Collection<MpsdnIntent>> intents;
    private final Supplier<Collection<String>> ues;
    private final SteeringClients clients;
    private final LongSupplier clock;
    private final Map<String, Waiter> waiters = new HashMap<>();
    private volatile IntentStateListener listener;

    /** An install waiting for its outcome. */
    private static final class Waiter {
        final long version;
        final long deadline;
        final CompletableFuture<InstallOutcome> future = new CompletableFuture<>();

        Waiter(long version, long deadline) {
            this.version = version;
            this.deadline = deadline;
        }
    }

    /**
     * Creates the installer.
     *
     * @param intents    the intents in force (the northbound's)
     * @param ues        the ids of the known UEs
     * @param publisher  the client-weights publisher, null while its service does not run
     * @param regulation the regulation state
     * @param clock      milliseconds
     */
    public SteeringInstaller(Supplier<Collection<MpsdnIntent>> intents, Supplier<Collection<String>> ues,
                             Supplier<WeightPublisher> publisher, Supplier<RegulationInput> regulation,
                             LongSupplier clock) {
        this.intents = intents;
        this.ues = ues;
        this.clients = new SteeringClients(publisher, regulation);
        this.clock = clock;
    }

    @Override
    public IntentKind kind() {
        return IntentKind.STEERING;
    }

    @Override
    public synchronized CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
        Waiter w = new Waiter(intent.version(), clock.getAsLong() + ACK_TIMEOUT_MS);
        Waiter old = waiters.put(intent.id(), w);
        if (old != null) {
            old.future.complete(InstallOutcome.failed("superseded by version " + intent.version()));
        }
        return w.future;
    }

    @Override
    public synchronized CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
        Waiter old = waiters.remove(intent.id());
        if (old != null) {
            old.future.complete(InstallOutcome.failed("withdrawn"));
        }
        // the next evaluation no longer reads it: its clients go back to what governs them then
        return CompletableFuture.completedFuture(InstallOutcome.acknowledged());
    }

    @Override
    public void setStateListener(IntentStateListener stateListener) {
        listener = stateListener;
    }

    /**
     * Applies the intents in force and reports each one's outcome.
     */
    public void evaluate() {
        List<MpsdnIntent> steering = new ArrayList<>();
        List<MpsdnIntent> all = new ArrayList<>(intents.get());
        for (MpsdnIntent i : all) {
            if (i.kind() == IntentKind.STEERING && i.steering() != null) {
                steering.add(i);
            }
        }
        Map<String, Map<String, String>> applied = clients.apply(all, steering, ues.get());
        List<Runnable> answers = new ArrayList<>();
        long now = clock.getAsLong();
        synchronized (this) {
            for (MpsdnIntent i : steering) {
                Map<String, String> entries = applied.getOrDefault(i.id(), Map.of());
                InstallOutcome o = SteeringClients.outcome(entries);
                Waiter w = waiters.get(i.id());
                if (w != null && w.version == i.version()) {
                    if (o == null && now >= w.deadline) {
                        o = InstallOutcome.failed("no acknowledgement from the client agents within "
                                + ACK_TIMEOUT_MS + " ms", entries);
                    }
                    if (o != null) {
                        waiters.remove(i.id());
                        InstallOutcome answer = o;
                        answers.add(() -> w.future.complete(answer));
                    }
                } else if (o != null && i.state() != IntentState.PENDING && changed(i, o)) {
                    InstallOutcome report = o;
                    answers.add(() -> report(i, report));
                }
            }
        }
        answers.forEach(Runnable::run);
    }

    private void report(MpsdnIntent i, InstallOutcome o) {
        IntentStateListener l = listener;
        if (l != null) {
            l.stateChanged(i.id(), i.version(), o);
        }
    }

    private static boolean changed(MpsdnIntent i, InstallOutcome o) {
        IntentState s = o.isAcknowledged() ? IntentState.INSTALLED : IntentState.FAILED;
        return i.state() != s || !i.reason().equals(o.reason()) || !i.applied().equals(o.applied());
    }
}
