package org.mpsdn.impl.northbound;

import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.WeightMode;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Intents in an ONOS consistent map ({@value #MAP_NAME}), shared by the cluster's instances
 * and kept across app deactivation and leader changes.
 */
public final class DistributedIntentTable implements IntentTable {
    /** Name of the consistent map. */
    public static final String MAP_NAME = "mpsdn-intents";

    /** Serializer of the stored intents. */
    public static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(StoredIntent.class, String[].class, int[].class, double[].class)
            .register(IntentKind.class, MultipathMode.class, EnbDiscipline.class, EnbDiscipline[].class,
                    WeightMode.class, IntentState.class, SplitMode.class, SteeringMode.class)
            .build("mpsdn-intents"));

    private final ConsistentMap<String, StoredIntent> map;

    /**
     * Opens (or joins) the cluster's intent map.
     *
     * @param storage ONOS storage service
     */
    public DistributedIntentTable(StorageService storage) {
        this.map = storage.<String, StoredIntent>consistentMapBuilder()
                .withName(MAP_NAME)
                .withSerializer(SERIALIZER)
                .build();
    }

    private static Optional<MpsdnIntent> intent(Versioned<StoredIntent> v) {
        return v == null ? Optional.empty() : Optional.of(v.value().toIntent());
    }

    /**
     * Tells a consumer every change of the table, made by any instance of the cluster (ONOS delivers a consistent
     * map's events to the listeners of every instance).
     *
     * @param changed told the intent before and after each change (null before an insert, after a removal)
     * @return the map listener, to pass to {@link #removeListener}
     */
    public MapEventListener<String, StoredIntent> addListener(BiConsumer<MpsdnIntent, MpsdnIntent> changed) {
        MapEventListener<String, StoredIntent> l = e -> changed.accept(intent(e.oldValue()).orElse(null),
                intent(e.newValue()).orElse(null));
        map.addListener(l);
        return l;
    }

    /**
     * Stops telling a listener the table's changes.
     *
     * @param listener a listener {@link #addListener} returned
     */
    public void removeListener(MapEventListener<String, StoredIntent> listener) {
        map.removeListener(listener);
    }

    @Override
    public Optional<MpsdnIntent> get(String id) {
        return intent(map.get(id));
    }

    @Override
    public Collection<MpsdnIntent> values() {
        List<MpsdnIntent> list = new ArrayList<>();
        for (Versioned<StoredIntent> v : map.values()) {
            list.add(v.value().toIntent());
        }
        return list;
    }

    @Override
    public void put(MpsdnIntent intent) {
        map.put(intent.id(), StoredIntent.of(intent));
    }

    @Override
    public Optional<MpsdnIntent> remove(String id) {
        return intent(map.remove(id));
    }
}
