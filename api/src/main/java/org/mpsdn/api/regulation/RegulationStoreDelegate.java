package org.mpsdn.api.regulation;

import org.onosproject.store.StoreDelegate;

/**
 * Delegate of the regulation store (the manager re-posts its events).
 */
public interface RegulationStoreDelegate extends StoreDelegate<RegulationEvent> {
}
