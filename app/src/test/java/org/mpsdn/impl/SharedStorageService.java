package org.mpsdn.impl;

import org.onosproject.store.service.AsyncAtomicCounter;
import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.AtomicCounterBuilder;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test storage whose consistent maps and counters are shared by name, like one cluster's maps seen from
 * several ONOS instances.
 */
public class SharedStorageService extends TestStorageService {
    private final Map<String, ConsistentMap<?, ?>> maps = new ConcurrentHashMap<>();
    private final Map<String, AsyncAtomicCounter> counters = new ConcurrentHashMap<>();

    @Override
    public AtomicCounterBuilder atomicCounterBuilder() {
        return new AtomicCounterBuilder() {
            @Override
            public AsyncAtomicCounter build() {
                return counters.computeIfAbsent(name(), n -> SharedStorageService.super.atomicCounterBuilder()
                        .withName(n).build());
            }
        };
    }

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new ConsistentMapBuilder<K, V>() {
            @Override
            @SuppressWarnings("unchecked")
            public ConsistentMap<K, V> build() {
                return (ConsistentMap<K, V>) maps.computeIfAbsent(name(),
                        n -> {
                            TestConsistentMap.Builder<K, V> b = TestConsistentMap.builder();
                            b.withName(n);
                            return b.build();
                        });
            }

            @Override
            public AsyncConsistentMap<K, V> buildAsyncMap() {
                throw new UnsupportedOperationException("buildAsyncMap");
            }
        };
    }
}
