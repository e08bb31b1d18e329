/**
 * Karaf shell commands of the mpsdn app (scope onos, names mpsdn-*), with completers for AP,
 * UE and intent ids.
 */
package org.mpsdn.cli;
