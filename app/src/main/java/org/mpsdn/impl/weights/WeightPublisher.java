package org.mpsdn.impl.weights;

import io.grpc.stub.StreamObserver;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.PathWeight;
import org.mpsdn.client.v1.WeightSource;
import org.mpsdn.client.v1.WeightUpdate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Holds each client's current weight set and pushes every change to the client's subscribers.
 *
 * <p>Updates are ordered by (epoch, version): the epoch is taken from an epoch source at start (in ONOS, the
 * cluster-wide {@code ClusterEpoch}; by default the wall clock, so it grows across controller restarts) and again
 * when a client subscribes that applied a newer epoch (another instance served it before), and the version grows by
 * one per change of a client's weights. A
 * recomputation that yields the same weights publishes nothing. Weights are manual when an intent is set for the
 * client, automatic otherwise ({@link AutomaticWeights} then {@link RecPruning}). Thread-safe.
 */
public final class WeightPublisher {
    private final LongSupplier epochs;
    private final LongSupplier clock;
    private volatile long epoch;
    private final Object lock = new Object();
    private final Map<String, ClientState> clients = new HashMap<>();
    private final Map<String, Map<String, Integer>> manual = new HashMap<>();
    private final List<Consumer<AckRequest>> ackListeners = new CopyOnWriteArrayList<>();
    private RegulationInput regulation = RegulationInput.NONE;

    /** One client's state. */
    private static final class ClientState {
        private List<ClientPathInfo> paths = List.of();
        private long receiveBufferBytes;
        private Map<String, PathMeasurement> measurements = Map.of();
        private WeightUpdate current;
        private AckRequest lastAck;
        private final List<StreamObserver<WeightUpdate>> subscribers = new CopyOnWriteArrayList<>();
    }

    /**
     * Creates a publisher.
     *
     * @param epoch epoch of this controller instance (must be &gt; 0 and grow across restarts)
     * @param clock wall clock in Unix milliseconds, for issued_unix_ms
     */
    public WeightPublisher(long epoch, LongSupplier clock) {
        this(() -> epoch, clock);
    }

    /**
     * Creates a publisher that takes its epochs from a source.
     *
     * @param epochs epoch source (each value &gt; 0 and larger than every epoch taken before)
     * @param clock  wall clock in Unix milliseconds, for issued_unix_ms
     */
    public WeightPublisher(LongSupplier epochs, LongSupplier clock) {
        this.epochs = Objects.requireNonNull(epochs, "epochs");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.epoch = epochs.getAsLong();
        if (epoch <= 0) {
            throw new IllegalArgumentException("epoch must be > 0, got " + epoch);
        }
    }

    /**
     * Creates a publisher whose epoch is the current wall clock.
     */
    public WeightPublisher() {
        this(System::currentTimeMillis, System::currentTimeMillis);
    }

    /**
     * Returns the epoch.
     *
     * @return epoch
     */
    public long epoch() {
        return epoch;
    }

    /**
     * Registers a client or refreshes its paths and receive buffer, and recomputes its weights.
     *
     * @param clientId           client identifier
     * @param paths              announced paths (not empty, unique ids)
     * @param receiveBufferBytes receive buffer, 0 when unknown
     */
    public void register(String clientId, List<ClientPathInfo> paths, long receiveBufferBytes) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("client " + clientId + ": paths must not be empty");
        }
        synchronized (lock) {
            ClientState s = clients.computeIfAbsent(clientId, k -> new ClientState());
            s.paths = List.copyOf(paths);
            s.receiveBufferBytes = receiveBufferBytes;
            recompute(clientId, s);
        }
    }

    /**
     * Adds a subscriber and sends it the current weights unless it already applied them.
     *
     * @param clientId    registered client
     * @param observer    stream to the client
     * @param lastEpoch   epoch the client last applied (0 = none)
     * @param lastVersion version the client last applied (0 = none)
     */
    public void subscribe(String clientId, StreamObserver<WeightUpdate> observer, long lastEpoch, long lastVersion) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            if (s == null) {
                throw new IllegalStateException("client " + clientId + " is not registered");
            }
            if (lastEpoch > epoch) {
                renewEpoch();
            }
            s.subscribers.add(observer);
            boolean upToDate = lastEpoch == epoch && lastVersion >= s.current.getVersion();
            if (!upToDate) {
                observer.onNext(s.current);
            }
        }
    }

    /**
     * Removes a subscriber (its stream ended).
     *
     * @param clientId client identifier
     * @param observer the stream
     */
    public void unsubscribe(String clientId, StreamObserver<WeightUpdate> observer) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            if (s != null) {
                s.subscribers.remove(observer);
            }
        }
    }

    /**
     * Sets manual weights (an operator intent) for a client; paths it does not name get weight 0.
     *
     * @param clientId client identifier
     * @param weights  path id to weight (0..{@link Weight#MAX}), at least one &gt; 0
     */
    public void setManual(String clientId, Map<String, Integer> weights) {
        if (weights.isEmpty() || weights.values().stream().noneMatch(w -> w != null && w > 0)) {
            throw new IllegalArgumentException("manual weights of client " + clientId + ": at least one must be > 0");
        }
        for (Map.Entry<String, Integer> e : weights.entrySet()) {
            if (e.getValue() == null || e.getValue() < 0 || e.getValue() > Weight.MAX) {
                throw new IllegalArgumentException("manual weight of client " + clientId + " path " + e.getKey()
                        + " must be in [0, " + Weight.MAX + "], got " + e.getValue());
            }
        }
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            if (s != null) {
                for (String p : weights.keySet()) {
                    if (s.paths.stream().noneMatch(cp -> cp.pathId().equals(p))) {
                        throw new IllegalArgumentException("client " + clientId + " has no path " + p);
                    }
                }
            }
            manual.put(clientId, new LinkedHashMap<>(weights));
            if (s != null) {
                recompute(clientId, s);
            }
        }
    }

    /**
     * Clears a client's manual weights: it goes back to automatic weights.
     *
     * @param clientId client identifier
     */
    public void clearManual(String clientId) {
        synchronized (lock) {
            if (manual.remove(clientId) != null) {
                ClientState s = clients.get(clientId);
                if (s != null) {
                    recompute(clientId, s);
                }
            }
        }
    }

    /**
     * Takes a new regulation state and recomputes every client's weights (the glue calls it once per regulation
     * cycle).
     *
     * @param input regulation state
     */
    public void updateRegulation(RegulationInput input) {
        synchronized (lock) {
            regulation = Objects.requireNonNull(input, "input");
            for (Map.Entry<String, ClientState> e : clients.entrySet()) {
                recompute(e.getKey(), e.getValue());
            }
        }
    }

    /**
     * Records a client's measurements and recomputes its weights.
     *
     * @param clientId           registered client
     * @param measurements       per-path measurements
     * @param receiveBufferBytes receive buffer, 0 to keep the announced one
     */
    public void report(String clientId, Map<String, PathMeasurement> measurements, long receiveBufferBytes) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            if (s == null) {
                throw new IllegalStateException("client " + clientId + " is not registered");
            }
            s.measurements = Map.copyOf(measurements);
            if (receiveBufferBytes > 0) {
                s.receiveBufferBytes = receiveBufferBytes;
            }
            recompute(clientId, s);
        }
    }

    /**
     * Records an acknowledgement.
     *
     * @param ack the client's Ack
     * @return true when it acknowledges the current version
     */
    public boolean ack(AckRequest ack) {
        boolean current;
        synchronized (lock) {
            ClientState s = clients.get(ack.getClientId());
            if (s == null) {
                return false;
            }
            s.lastAck = ack;
            current = ack.getEpoch() == epoch && ack.getVersion() == s.current.getVersion();
        }
        for (Consumer<AckRequest> l : ackListeners) {
            l.accept(ack);
        }
        return current;
    }

    /**
     * Adds a listener told of every recorded acknowledgement (outside the publisher's lock, on the caller's
     * thread).
     *
     * @param listener the listener
     */
    public void addAckListener(Consumer<AckRequest> listener) {
        ackListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Removes an acknowledgement listener.
     *
     * @param listener the listener
     */
    public void removeAckListener(Consumer<AckRequest> listener) {
        ackListeners.remove(listener);
    }

    /**
     * Returns whether a client is registered.
     *
     * @param clientId client identifier
     * @return true when registered
     */
    public boolean isRegistered(String clientId) {
        synchronized (lock) {
            return clients.containsKey(clientId);
        }
    }

    /**
     * Returns a client's announced paths.
     *
     * @param clientId client identifier
     * @return the paths, empty when not registered
     */
    public List<ClientPathInfo> paths(String clientId) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            return s == null ? List.of() : s.paths;
        }
    }

    /**
     * Returns a client's last reported per-path measurements.
     *
     * @param clientId client identifier
     * @return path id to measurement, empty when not registered or nothing reported
     */
    public Map<String, PathMeasurement> measurements(String clientId) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            return s == null ? Map.of() : s.measurements;
        }
    }

    /**
     * Returns a client's current weight update.
     *
     * @param clientId client identifier
     * @return the update, empty when the client is not registered
     */
    public Optional<WeightUpdate> current(String clientId) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            return s == null ? Optional.empty() : Optional.of(s.current);
        }
    }

    /**
     * Returns a client's last acknowledgement.
     *
     * @param clientId client identifier
     * @return the Ack, empty when none
     */
    public Optional<AckRequest> lastAck(String clientId) {
        synchronized (lock) {
            ClientState s = clients.get(clientId);
            return s == null ? Optional.empty() : Optional.ofNullable(s.lastAck);
        }
    }

    /**
     * Takes a newer epoch (a client applied one newer than this publisher's) and issues every client's weights again
     * under it, same versions, to its subscribers: each accepts them, as their epoch is the newest.
     */
    private void renewEpoch() {
        long next = epochs.getAsLong();
        if (next <= epoch) {
            return;
        }
        epoch = next;
        clients.forEach((id, s) -> {
            if (s.current != null) {
                s.current = s.current.toBuilder().setEpoch(next).setIssuedUnixMs(clock.getAsLong()).build();
                s.subscribers.forEach(o -> o.onNext(s.current));
            }
        });
    }

    private void recompute(String clientId, ClientState s) {
        WeightSource source;
        List<Weight> weights;
        Map<String, Integer> m = manual.get(clientId);
        if (m != null && manualApplies(m, s.paths)) {
            source = WeightSource.WEIGHT_SOURCE_MANUAL;
            weights = new ArrayList<>();
            for (ClientPathInfo p : s.paths) {
                weights.add(new Weight(p.pathId(), m.getOrDefault(p.pathId(), 0), "manual"));
            }
        } else {
            source = WeightSource.WEIGHT_SOURCE_AUTOMATIC;
            weights = RecPruning.prune(AutomaticWeights.compute(clientId, s.paths, regulation, s.measurements),
                    s.measurements, s.receiveBufferBytes);
        }
        List<PathWeight> pw = new ArrayList<>(weights.size());
        for (Weight w : weights) {
            pw.add(PathWeight.newBuilder().setPathId(w.pathId()).setWeight(w.value()).setReason(w.reason()).build());
        }
        if (s.current != null && s.current.getSource() == source && s.current.getWeightsList().equals(pw)) {
            return;
        }
        long version = s.current == null ? 1 : s.current.getVersion() + 1;
        s.current = WeightUpdate.newBuilder().setClientId(clientId).setEpoch(epoch).setVersion(version)
                .addAllWeights(pw).setSource(source).setIssuedUnixMs(clock.getAsLong()).build();
        for (StreamObserver<WeightUpdate> o : s.subscribers) {
            try {
                o.onNext(s.current);
            } catch (RuntimeException e) {
                // the stream is gone (cancelled): drop it, the client resumes on reconnect
                s.subscribers.remove(o);
            }
        }
    }

    private static boolean manualApplies(Map<String, Integer> m, List<ClientPathInfo> paths) {
        return paths.stream().map(p -> m.get(p.pathId())).anyMatch(w -> w != null && w > 0);
    }
}
