/**
 * Controller side of the programmable eNB (mpsdn.enb.v1). Planning: the flows of multipath
 * users become cluster scheduling policies ({@link org.mpsdn.impl.enb.EnbPolicyPlanner},
 * Gasparis et al., Section III-C) and an intent becomes its eNB's policy and split
 * configuration with DIDA reorder hold times ({@link org.mpsdn.impl.enb.EnbIntentPlanner}).
 * Clients: the gRPC client of one eNB ({@link org.mpsdn.impl.enb.EnbPolicyClient}), the
 * clients of all eNBs ({@link org.mpsdn.impl.enb.EnbClients}) and the one versioned
 * push-and-read-back ({@link org.mpsdn.impl.enb.VersionedPush}). Installing: the intent
 * installer ({@link org.mpsdn.impl.enb.EnbIntentInstaller}, plain logic) and the ONOS component
 * that runs it ({@link org.mpsdn.impl.enb.EnbPolicyManager}).
 */
package org.mpsdn.impl.enb;
