/**
 * Packaging checks against ONOS 2.7.0's runtime pieces: OSGi resolution and wiring of the mpsdn
 * bundles in the Felix framework of Karaf 4.2.9 (next to ONOS's own gRPC bundles), and the built
 * {@code .oar} read by ONOS's {@code ApplicationArchive}.
 */
package org.mpsdn.osgi;
