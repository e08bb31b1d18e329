/**
 * Controller side of the programmable eNB (mpsdn.enb.v1): turning the flows of
 * multipath users into cluster scheduling policies (Gasparis et al., Section
 * III-C), DIDA reorder hold times for split flows, and pushing both to an eNB
 * while tracking its acknowledgement ({@link org.mpsdn.impl.enb.EnbIntentInstaller}, pure
 * logic plus a gRPC client), and the ONOS component that installs eNB scheduling intents
 * with it ({@link org.mpsdn.impl.enb.EnbPolicyManager}).
 */
package org.mpsdn.impl.enb;
