/**
 * The lab host's HTTP side: the app's REST resources (the compiled classes of the web bundle) served by
 * Jersey on an embedded Jetty, with stand-ins for what ONOS's web container supplies (service directory,
 * codec service, component configuration, BASIC authentication).
 */
package org.mpsdn.lab.host.rest;
