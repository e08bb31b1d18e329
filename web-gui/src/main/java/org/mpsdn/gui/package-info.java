/**
 * GUI topology overlay of the mpsdn app: AP switches badged with their Tier-2 limit and
 * coloured by MAC queue occupancy against CTh, UE connections drawn primary vs secondary,
 * and AP properties in the device details panel.
 */
package org.mpsdn.gui;
