/**
 * Northbound glue: builds the operator views (APs, UEs, flows), applies operator writes
 * through the network config and component config, and keeps the intents with the state
 * their installers acknowledged.
 */
package org.mpsdn.impl.northbound;
