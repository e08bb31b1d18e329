package org.mpsdn.lab.host;

import org.mpsdn.impl.RegulationManager;
import org.mpsdn.impl.weights.ClientWeightsManager;
import org.mpsdn.lab.host.rest.Components;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.store.service.TestStorageService;
import org.osgi.service.component.ComponentContext;

import java.util.Map;

/**
 * Activates the app's client-weights component ({@link ClientWeightsManager}: the ClientWeights gRPC server the
 * multipath UEs' {@code mpsdn-client-agent}s subscribe to, fed by the regulation) the way OSGi DS would. Its
 * properties are its defaults but for where the lab keeps the controller's certificate, key and CA (the per-run PKI
 * folder made by {@code mpsdn-certs}): mTLS, each agent with its {@code mpsdn://client/<id>} certificate.
 */
final class ClientWeightsWiring {

    private ClientWeightsWiring() {
    }

    /**
     * Activates the client-weights manager.
     *
     * @param pki the controller's certificate, key and CA
     * @param mgr the activated regulation manager (regulation and detection service)
     * @return the active manager
     * @throws ReflectiveOperationException if the component's shape changed
     */
    static ClientWeightsManager activate(LabPki pki, RegulationManager mgr) throws ReflectiveOperationException {
        Map<String, Object> props = pki.tlsProps("clientWeightsTlsCertFile", "clientWeightsTlsKeyFile",
                "clientWeightsTlsCaFile");
        ClientWeightsManager weights = new ClientWeightsManager();
        Components.set(weights, "componentConfigService", new ComponentConfigAdapter());
        Components.set(weights, "regulationService", mgr);
        Components.set(weights, "detectionService", mgr);
        Components.set(weights, "storageService", new TestStorageService());
        Components.invoke(weights, "activate", new Class<?>[]{ComponentContext.class}, Components.context(props));
        return weights;
    }
}
