/**
 * Steering intents (ATSSS-style modes per UE and per flow): which intent applies where, what
 * each mode becomes on each client, and the installer that applies it.
 */
package org.mpsdn.impl.steering;
