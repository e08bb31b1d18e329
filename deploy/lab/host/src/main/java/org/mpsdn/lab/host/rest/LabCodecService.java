package org.mpsdn.lab.host.rest;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * In-memory codec service: holds the codecs the app registers (ONOS's CodecManager also holds its own).
 */
public final class LabCodecService implements CodecService {

    private final Map<Class<?>, JsonCodec<?>> codecs = new ConcurrentHashMap<>();

    @Override
    public Set<Class<?>> getCodecs() {
        return Set.copyOf(codecs.keySet());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> JsonCodec<T> getCodec(Class<T> entityClass) {
        return (JsonCodec<T>) codecs.get(entityClass);
    }

    @Override
    public <T> void registerCodec(Class<T> entityClass, JsonCodec<T> codec) {
        codecs.put(entityClass, codec);
    }

    @Override
    public void unregisterCodec(Class<?> entityClass) {
        codecs.remove(entityClass);
    }
}
