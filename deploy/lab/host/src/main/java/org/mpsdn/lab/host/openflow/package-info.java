/**
 * A small OpenFlow 1.3 southbound on openflowj: switch connections, handshake and message translation.
 */
package org.mpsdn.lab.host.openflow;
