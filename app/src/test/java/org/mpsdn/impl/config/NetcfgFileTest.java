package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.impl.RegulationManager;
import org.onosproject.core.DefaultApplicationId;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The operator's netcfg file (deploy/netcfg/mpsdn-netcfg.json, docs/operator-guide.md) is the document ONOS's
 * {@code /onos/v1/network/configuration} takes: {@code apps} → the app's name → the config key, and the app's
 * own parser accepts its content.
 */
public class NetcfgFileTest {
    private static final Path FILE = Paths.get("..", "deploy", "netcfg", "mpsdn-netcfg.json");

    @Test
    public void operatorNetcfgFileIsAcceptedByTheAppsParser() throws IOException {
        assertTrue("missing " + FILE.toAbsolutePath(), Files.isRegularFile(FILE));
        ObjectMapper mapper = new ObjectMapper();
        JsonNode root = mapper.readTree(FILE.toFile());
        assertEquals(List.of("apps"), fieldNames(root));
        assertEquals(List.of(RegulationManager.APP_NAME), fieldNames(root.get("apps")));
        JsonNode app = root.get("apps").get(RegulationManager.APP_NAME);
        assertEquals(List.of(MpsdnConfig.KEY), fieldNames(app));

        MpsdnConfig config = new MpsdnConfig();
        config.init(new DefaultApplicationId(1, RegulationManager.APP_NAME), MpsdnConfig.KEY,
                app.get(MpsdnConfig.KEY), mapper, c -> { });
        assertTrue(config.isValid());
        List<ApSpec> aps = config.aps();
        assertEquals(2, aps.size());
        assertEquals(ApKind.WIFI, aps.get(0).kind());
        assertEquals(ApKind.LTE, aps.get(1).kind());
        assertTrue("the file leaves the profile to the app's default", config.profile().isEmpty());
        assertTrue("UEs are found by detection", config.ues().isEmpty());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
