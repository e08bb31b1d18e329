/**
 * Test helpers shared by the TLS tests of the telemetry, eNB and client-weights packages.
 */
package org.mpsdn.impl.tls;
