/**
 * The Regulation Center of MP-SDN: pure Java, no ONOS import.
 */
package org.mpsdn.core;
