package org.mpsdn.lab.host;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

/**
 * The controller's files in the lab's per-run PKI folder (made by {@code mpsdn-certs}): {@code ca.crt} and
 * {@code controller-<name>.crt} and {@code .key}, as the app's mTLS components take them.
 */
final class LabPki {
    private final File dir;
    private final String controller;

    /**
     * Names the controller's files.
     *
     * @param dir        the PKI folder
     * @param controller the controller certificate name (files {@code controller-<name>.*})
     */
    LabPki(String dir, String controller) {
        this.dir = new File(dir);
        this.controller = controller;
    }

    /**
     * Returns component properties naming the certificate, key and CA files.
     *
     * @param certProp the component's property for the certificate file
     * @param keyProp  the one for the key file
     * @param caProp   the one for the CA file
     * @return a mutable map with the three absolute paths
     */
    Map<String, Object> tlsProps(String certProp, String keyProp, String caProp) {
        Map<String, Object> props = new HashMap<>();
        props.put(certProp, new File(dir, "controller-" + controller + ".crt").getAbsolutePath());
        props.put(keyProp, new File(dir, "controller-" + controller + ".key").getAbsolutePath());
        props.put(caProp, new File(dir, "ca.crt").getAbsolutePath());
        return props;
    }
}
