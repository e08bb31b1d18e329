/**
 * MPTCP client weights. The math: per-path weights computed from the regulation state
 * ({@link org.mpsdn.impl.weights.AutomaticWeights}) or set by intent, pruned with MPTCP-rec's
 * receive-buffer-blocking condition ({@link org.mpsdn.impl.weights.RecPruning}), versioned and
 * pushed to each client's subscribers by the {@link org.mpsdn.impl.weights.WeightPublisher}.
 * The gRPC transport lives in {@code org.mpsdn.impl.weights.transport}; client-weights intents
 * are installed by the {@link org.mpsdn.impl.weights.WeightsIntentInstaller}; the ONOS
 * component {@link org.mpsdn.impl.weights.ClientWeightsManager} wires them to the regulation
 * service. Only the component needs the ONOS runtime.
 */
package org.mpsdn.impl.weights;
