package org.mpsdn.impl.northbound;

import org.mpsdn.api.northbound.MpsdnIntent;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where an {@link IntentBook} keeps its intents: in memory (tests, a single instance) or in a
 * distributed map ({@link DistributedIntentTable}) so that intents and their states survive a
 * leader change or an app reactivation.
 */
public interface IntentTable {

    /**
     * Returns one intent.
     *
     * @param id intent id
     * @return intent if present
     */
    Optional<MpsdnIntent> get(String id);

    /**
     * Returns every intent.
     *
     * @return intents, in no particular order
     */
    Collection<MpsdnIntent> values();

    /**
     * Stores (inserts or replaces) an intent under its id.
     *
     * @param intent intent
     */
    void put(MpsdnIntent intent);

    /**
     * Removes an intent.
     *
     * @param id intent id
     * @return the removed intent, or empty if there was none
     */
    Optional<MpsdnIntent> remove(String id);

    /**
     * A table in this JVM's memory.
     *
     * @return new empty table
     */
    static IntentTable inMemory() {
        Map<String, MpsdnIntent> map = new ConcurrentHashMap<>();
        return new IntentTable() {
            @Override
            public Optional<MpsdnIntent> get(String id) {
                return Optional.ofNullable(map.get(id));
            }

            @Override
            public Collection<MpsdnIntent> values() {
                return List.copyOf(map.values());
            }

            @Override
            public void put(MpsdnIntent intent) {
                map.put(intent.id(), intent);
            }

            @Override
            public Optional<MpsdnIntent> remove(String id) {
                return Optional.ofNullable(map.remove(id));
            }
        };
    }
}
