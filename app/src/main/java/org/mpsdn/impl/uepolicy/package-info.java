/**
 * Installer of per-UE multipath policy intents: hands the intents to the regulation loop and
 * reports what the loop applied.
 */
package org.mpsdn.impl.uepolicy;
