package org.mpsdn.lab.host.services;

import org.onosproject.event.DefaultEventSinkRegistry;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.event.EventSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Synchronous event delivery: post() hands the event to its sink on the caller's thread.
 */
public final class LabEventDispatcher extends DefaultEventSinkRegistry implements EventDeliveryService {

    private static final Logger LOG = LoggerFactory.getLogger(LabEventDispatcher.class);
    private long limit = 2000;

    @Override
    @SuppressWarnings("unchecked")
    public void post(Event event) {
        EventSink sink = getSink(event.getClass());
        if (sink != null) {
            try {
                sink.process(event);
            } catch (RuntimeException e) {
                LOG.warn("event sink failed on {}: {}", event.type(), e.toString());
            }
        }
    }

    @Override
    public void setDispatchTimeLimit(long millis) {
        limit = millis;
    }

    @Override
    public long getDispatchTimeLimit() {
        return limit;
    }
}
