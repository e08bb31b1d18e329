package org.mpsdn.impl;

import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryServiceAdapter;
import org.onosproject.event.EventSink;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Event delivery that hands each posted event to its sink at once, on the posting thread (ONOS's
 * {@code CoreEventDispatcher} does it on its dispatch thread).
 */
final class SyncEventDelivery extends EventDeliveryServiceAdapter {
    private final Map<Class<?>, EventSink<?>> sinks = new ConcurrentHashMap<>();

    @Override
    public <E extends Event> void addSink(Class<E> type, EventSink<E> sink) {
        sinks.put(type, sink);
    }

    @Override
    public <E extends Event> void removeSink(Class<E> type) {
        sinks.remove(type);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void post(Event event) {
        EventSink sink = sinks.get(event.getClass());
        if (sink != null) {
            sink.process(event);
        }
    }
}
