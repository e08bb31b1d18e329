/**
 * The app in an ONOS cluster: which instance owns each control domain (ONOS leadership per domain
 * topic) and the cluster-wide epoch of the client weights.
 */
package org.mpsdn.impl.cluster;
