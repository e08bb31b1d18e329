/**
 * In-memory stand-ins for the ONOS core services the app uses, backed by the lab's OpenFlow southbound.
 */
package org.mpsdn.lab.host.services;
