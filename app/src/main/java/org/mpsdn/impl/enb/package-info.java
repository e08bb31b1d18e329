/**
 * Controller side of the programmable eNB (mpsdn.enb.v1): turning the flows of
 * multipath users into cluster scheduling policies (Gasparis et al., Section
 * III-C), DIDA reorder hold times for split flows, and pushing both to an eNB
 * while tracking its acknowledgement. Pure logic plus a gRPC client; no ONOS
 * service is needed to use or test it.
 */
package org.mpsdn.impl.enb;
