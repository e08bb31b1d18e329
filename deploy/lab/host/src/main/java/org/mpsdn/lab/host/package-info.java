/**
 * The mpsdn lab host (lab only, not part of the product): wires the app's components to stand-in ONOS services.
 */
package org.mpsdn.lab.host;
