package org.mpsdn.impl.northbound;

import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.impl.cluster.NotOwnerException;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The intents and their install state. An intent is PENDING until the installer of its kind
 * reports what the agent answered; an answer for an older version of an intent is ignored, so
 * the state always describes the version shown. The intents live in an {@link IntentTable}:
 * with the {@link DistributedIntentTable} they and their states survive a leader change or an
 * app reactivation; every change of content or state is written there. Updates are serialised
 * per instance; across instances the last write wins (an answer for an older version is still
 * ignored, since the version is checked against the stored copy). An installer that leaves an intent to the
 * owner of its control domain completes with a {@link NotOwnerException}: nothing is written here, the owner's
 * installer writes the outcome through its {@link #report}.
 */
public final class IntentBook {
    /** Reason shown while no installer of the intent's kind is registered. */
    static final String NO_INSTALLER = "waiting: no installer for %s is running";

    private final Logger log = getLogger(getClass());
    private final IntentTable intents;
    private final Map<IntentKind, IntentInstaller> installers = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    /**
     * Creates an empty book in memory.
     *
     * @param clock wall clock in milliseconds
     */
    public IntentBook(LongSupplier clock) {
        this(clock, IntentTable.inMemory());
    }

    /**
     * Creates a book over a table, which may already hold intents (stored by an earlier
     * activation or another instance of the cluster); they keep their states.
     *
     * @param clock  wall clock in milliseconds
     * @param intents where the intents are kept
     */
    public IntentBook(LongSupplier clock, IntentTable intents) {
        this.clock = clock;
        this.intents = intents;
    }

    /**
     * Returns every intent sorted by id.
     *
     * @return intents
     */
    public List<MpsdnIntent> all() {
        List<MpsdnIntent> list = new ArrayList<>(intents.values());
        list.sort(Comparator.comparing(MpsdnIntent::id));
        return list;
    }

    /**
     * Returns one intent.
     *
     * @param id intent id
     * @return intent if known
     */
    public Optional<MpsdnIntent> get(String id) {
        return intents.get(id);
    }

    /**
     * Stores an intent as PENDING and hands it to its installer. Submitting the same content
     * again is a no-op unless the previous attempt failed (then it is retried).
     *
     * @param submitted validated intent
     * @return the stored intent
     */
    public MpsdnIntent submit(MpsdnIntent submitted) {
        MpsdnIntent stored;
        synchronized (this) {
            MpsdnIntent old = intents.get(submitted.id()).orElse(null);
            if (old != null && old.kind() != submitted.kind()) {
                throw new IllegalArgumentException("kind: intent " + old.id() + " is a " + old.kind()
                        + ", remove it before reusing its id for " + submitted.kind());
            }
            if (old != null && old.sameContent(submitted) && old.state() != IntentState.FAILED) {
                return old;
            }
            long version = old == null ? 1 : old.version() + 1;
            IntentInstaller inst = installers.get(submitted.kind());
            stored = submitted.toBuilder().version(version).state(IntentState.PENDING).applied(Map.of())
                    .reason(inst == null ? String.format(NO_INSTALLER, submitted.kind()) : "")
                    .updatedMillis(clock.getAsLong()).build();
            intents.put(stored);
        }
        dispatch(stored);
        return stored;
    }

    /**
     * Forgets an intent and asks its installer to remove it.
     *
     * @param id intent id
     * @return true if it existed
     */
    public boolean withdraw(String id) {
        MpsdnIntent old;
        synchronized (this) {
            old = intents.remove(id).orElse(null);
        }
        if (old == null) {
            return false;
        }
        IntentInstaller inst = installers.get(old.kind());
        if (inst != null) {
            inst.uninstall(old).whenComplete((outcome, error) -> {
                if (NotOwnerException.isCause(error)) {
                    log.debug("Removal of intent {} left to its domain's owner", id);
                } else if (error != null || !outcome.isAcknowledged()) {
                    log.warn("Removal of intent {} not acknowledged: {}", id,
                            error != null ? error.toString() : outcome.reason());
                }
            });
        }
        return true;
    }

    /**
     * Registers an installer and hands it every PENDING intent of its kind.
     *
     * @param installer installer
     */
    public void addInstaller(IntentInstaller installer) {
        installers.put(installer.kind(), installer);
        installer.setStateListener(this::report);
        for (MpsdnIntent i : all()) {
            if (i.kind() == installer.kind() && i.state() == IntentState.PENDING) {
                MpsdnIntent waiting = i.withState(IntentState.PENDING, "", clock.getAsLong());
                boolean replaced;
                synchronized (this) {
                    replaced = intents.get(i.id()).map(i::equals).orElse(false);
                    if (replaced) {
                        intents.put(waiting);
                    }
                }
                if (replaced) {
                    dispatch(waiting);
                }
            }
        }
    }

    /**
     * Unregisters an installer; intents keep the state last acknowledged.
     *
     * @param installer installer
     */
    public void removeInstaller(IntentInstaller installer) {
        if (installers.remove(installer.kind(), installer)) {
            installer.setStateListener(null);
        }
    }

    /**
     * Records a later state change an installer reported for an intent it installed. Ignored
     * when the intent is gone, is at another version, or already shows that outcome.
     *
     * @param id      intent id
     * @param version version the outcome is about
     * @param outcome the outcome
     */
    public void report(String id, long version, InstallOutcome outcome) {
        MpsdnIntent current = intents.get(id).orElse(null);
        if (current == null || current.version() != version) {
            return;
        }
        IntentState state = outcome.isAcknowledged() ? IntentState.INSTALLED : IntentState.FAILED;
        if (current.state() == state && current.reason().equals(outcome.reason())
                && current.applied().equals(outcome.applied())) {
            return;
        }
        record(current, outcome, null);
    }

    private void dispatch(MpsdnIntent intent) {
        IntentInstaller inst = installers.get(intent.kind());
        if (inst == null) {
            return;
        }
        CompletionStage<InstallOutcome> stage;
        try {
            stage = inst.install(intent);
        } catch (RuntimeException e) {
            record(intent, null, e);
            return;
        }
        stage.whenComplete((outcome, error) -> record(intent, outcome, error));
    }

    private void record(MpsdnIntent sent, InstallOutcome outcome, Throwable error) {
        MpsdnIntent next;
        if (NotOwnerException.isCause(error)) {
            log.debug("Intent {} v{}: left to its domain's owner", sent.id(), sent.version());
            return; // the owner installs it and writes its state
        } else if (error != null) {
            String msg = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
            next = sent.withState(IntentState.FAILED, msg, clock.getAsLong());
        } else if (outcome.isAcknowledged()) {
            next = sent.withState(IntentState.INSTALLED, "", outcome.applied(), clock.getAsLong());
        } else {
            next = sent.withState(IntentState.FAILED, outcome.reason(), outcome.applied(), clock.getAsLong());
        }
        synchronized (this) {
            MpsdnIntent current = intents.get(sent.id()).orElse(null);
            if (current == null || current.version() != sent.version()) {
                log.debug("Ignoring answer for intent {} v{}: superseded", sent.id(), sent.version());
                return;
            }
            if (current.state() == next.state() && current.reason().equals(next.reason())
                    && current.applied().equals(next.applied())) {
                return; // already written (the owner's installer reported it first)
            }
            intents.put(next);
        }
        log.info("Intent {} v{}: {}", next.id(), next.version(), next.state());
    }
}
