/**
 * Pure value types shared by the regulation core, the ONOS glue and the northbound API.
 * Nothing here imports ONOS.
 */
package org.mpsdn.api.model;
