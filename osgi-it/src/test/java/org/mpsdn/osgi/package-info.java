/**
 * OSGi resolution test of the mpsdn bundles in the Felix framework of Karaf 4.2.9.
 */
package org.mpsdn.osgi;
