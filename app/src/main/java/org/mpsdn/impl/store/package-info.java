/**
 * Cluster-wide store of per-AP regulation state and primaries.
 */
package org.mpsdn.impl.store;
