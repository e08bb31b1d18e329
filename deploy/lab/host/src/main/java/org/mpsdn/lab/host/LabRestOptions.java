package org.mpsdn.lab.host;

import org.mpsdn.api.telemetry.ApTelemetryService;
import org.mpsdn.impl.RegulationManager;
import org.mpsdn.lab.host.rest.LabRest;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.NetworkConfigService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The lab host's REST options: {@code --rest-port N} (default 8181 as ONOS; 0 picks a free port;
 * -1 serves no REST), {@code --rest-bind ADDR} (default 127.0.0.1), {@code --rest-user U --rest-password P}
 * (default onos/rocks as ONOS), {@code --rest-port-file FILE} (the port actually bound is written there).
 */
final class LabRestOptions {

    private static final Logger LOG = LoggerFactory.getLogger(LabRestOptions.class);

    private LabRestOptions() {
    }

    /**
     * Starts the REST server unless {@code --rest-port -1}.
     *
     * @param opt       command-line options
     * @param mgr       the activated manager
     * @param core      core service
     * @param netcfg    network config
     * @param telemetry telemetry
     * @param props     the manager's properties
     * @return the server, or null when disabled
     * @throws Exception if it fails to start
     */
    static LabRest start(Map<String, String> opt, RegulationManager mgr, CoreService core,
                         NetworkConfigService netcfg, ApTelemetryService telemetry, Map<String, Object> props)
            throws Exception {
        int port = Integer.parseInt(opt.getOrDefault("rest-port", "8181"));
        if (port < 0) {
            return null;
        }
        LabRest rest;
        try {
            rest = LabRest.start(InetAddress.getByName(opt.getOrDefault("rest-bind", "127.0.0.1")), port,
                                 opt.getOrDefault("rest-user", "onos"), opt.getOrDefault("rest-password", "rocks"),
                                 mgr, core, netcfg, telemetry, props);
        } catch (IOException e) {
            // a busy port must not stop the experiment the host is running for
            LOG.warn("REST not served: cannot listen on port {}: {}", port, e.toString());
            return null;
        }
        if (opt.containsKey("rest-port-file")) {
            writePort(Path.of(opt.get("rest-port-file")), rest.port());
        }
        return rest;
    }

    private static void writePort(Path file, int port) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, String.valueOf(port).getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
