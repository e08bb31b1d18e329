package org.mpsdn.impl.store;

import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.regulation.ApRegulationState;
import org.mpsdn.api.regulation.LimitDecision;
import org.mpsdn.api.regulation.RegulationEvent;
import org.mpsdn.api.regulation.RegulationStore;
import org.mpsdn.api.regulation.RegulationStoreDelegate;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Regulation store on ONOS consistent maps: a new owner of an AP's domain reads the AP's last Tier-2 limits,
 * meters and meter ladders here.
 */
@Component(immediate = true, service = {RegulationStore.class, LadderStore.class})
public class DistributedRegulationStore extends AbstractStore<RegulationEvent, RegulationStoreDelegate>
        implements RegulationStore, LadderStore {

    /**
     * Serializer of the stored values (strings, {@link ApRegulationState} with its {@link LimitDecision}s, and
     * {@link LadderRecord}s).
     */
    public static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(ApRegulationState.class, LimitDecision.class, LimitReason.class, SignalSource.class,
                    LadderRecord.class, long[].class)
            .build("mpsdn-regulation"));

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, ApRegulationState> states;
    private ConsistentMap<String, String> primaries;
    private ConsistentMap<String, LadderRecord> ladders;
    private final MapEventListener<String, ApRegulationState> stateListener = this::onStateEvent;

    /**
     * Opens the maps.
     */
    @Activate
    protected void activate() {
        states = storageService.<String, ApRegulationState>consistentMapBuilder()
                .withName("mpsdn-ap-state")
                .withSerializer(SERIALIZER)
                .build();
        primaries = storageService.<String, String>consistentMapBuilder()
                .withName("mpsdn-primaries")
                .withSerializer(SERIALIZER)
                .build();
        ladders = storageService.<String, LadderRecord>consistentMapBuilder()
                .withName("mpsdn-ladders")
                .withSerializer(SERIALIZER)
                .build();
        states.addListener(stateListener);
        log.info("Started");
    }

    /**
     * Stops listening (the maps keep their content for the next activation or master).
     */
    @Deactivate
    protected void deactivate() {
        states.removeListener(stateListener);
        log.info("Stopped");
    }

    private void onStateEvent(MapEvent<String, ApRegulationState> event) {
        switch (event.type()) {
            case INSERT:
            case UPDATE:
                notifyDelegate(new RegulationEvent(RegulationEvent.Type.AP_STATE_UPDATED,
                        event.newValue().value()));
                break;
            case REMOVE:
                notifyDelegate(new RegulationEvent(RegulationEvent.Type.AP_STATE_REMOVED,
                        event.oldValue().value()));
                break;
            default:
                break;
        }
    }

    @Override
    public Optional<ApRegulationState> state(String apId) {
        return Optional.ofNullable(Versioned.valueOrNull(states.get(apId)));
    }

    @Override
    public Collection<ApRegulationState> states() {
        return List.copyOf(states.asJavaMap().values());
    }

    @Override
    public void putState(ApRegulationState state) {
        states.put(state.apId(), state);
    }

    /** Forgets the AP's state and its ladders (the AP left the config, or the app is deactivated). */
    @Override
    public void removeState(String apId) {
        states.remove(apId);
        ladders.keySet().stream().filter(k -> k.startsWith(apId + "/")).collect(Collectors.toList())
                .forEach(ladders::remove);
    }

    @Override
    public Optional<LadderRecord> ladder(String apId, String direction) {
        return Optional.ofNullable(Versioned.valueOrNull(ladders.get(apId + "/" + direction)));
    }

    @Override
    public void putLadder(String apId, String direction, LadderRecord ladder) {
        ladders.put(apId + "/" + direction, ladder);
    }

    @Override
    public void removeLadder(String apId, String direction) {
        ladders.remove(apId + "/" + direction);
    }

    @Override
    public Map<String, String> primaries() {
        return primaries.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> e.getValue().value()));
    }

    @Override
    public void putPrimaries(Map<String, String> chosen) {
        chosen.forEach(primaries::put);
    }

    @Override
    public void removePrimaries(Collection<String> ueIds) {
        ueIds.forEach(primaries::remove);
    }
}
