/**
 * Prometheus metrics of the app (simpleclient embedded in this bundle).
 */
package org.mpsdn.web.metrics;
