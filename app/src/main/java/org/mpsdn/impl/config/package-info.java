/**
 * Network configuration of the regulation app (APs, their switches and ports, optional
 * static UE registration) with strict validation.
 */
package org.mpsdn.impl.config;
