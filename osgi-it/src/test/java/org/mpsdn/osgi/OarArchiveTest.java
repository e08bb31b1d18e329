package org.mpsdn.osgi;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.app.ApplicationDescription;
import org.onosproject.common.app.ApplicationArchive;
import org.onosproject.core.Version;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Issue 15 row 8: the built {@code .oar} read by ONOS 2.7.0's own {@link ApplicationArchive}
 * ({@code onos-core-common} 2.7.0, {@code saveApplication(InputStream)} as {@code onos-app install}
 * ends up calling it): name, version, features, required apps, and the {@code m2/} tree expanded
 * into Karaf's {@code system/} repository so that Karaf finds the features file and every bundle.
 *
 * <p>{@code ApplicationArchive} writes {@code system/} relative to the working directory (ONOS's
 * Karaf home; {@code M2_ROOT} in its source), so surefire runs this module in
 * {@code target/karaf-home}.</p>
 */
public class OarArchiveTest {
    private static final String APP = "org.mpsdn.app";
    private static final List<String> BUNDLES =
            List.of("mpsdn-api", "mpsdn-app", "mpsdn-cli", "mpsdn-web", "mpsdn-web-gui");

    private final String version = System.getProperty("mpsdn.version", "1.0.0-SNAPSHOT");
    private Path root;
    private Path system;

    /** ApplicationArchive with its apps root moved (the protected hook ONOS's own test uses). */
    private static final class Archive extends ApplicationArchive {
        Archive(Path root) {
            setRootPath(root.toString());
        }
    }

    @Before
    public void setUp() throws IOException {
        root = Files.createTempDirectory("mpsdn-onos-root");
        system = Paths.get("system").toAbsolutePath();
        assertTrue("run with surefire's working directory target/karaf-home, not " + system,
                system.getParent().endsWith(Paths.get("target", "karaf-home")));
        delete(system);
    }

    @After
    public void tearDown() throws IOException {
        delete(root);
        delete(system);
    }

    private static void delete(Path p) throws IOException {
        if (p != null && Files.exists(p)) {
            try (Stream<Path> files = Files.walk(p)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    private Path oar() {
        Path oar = Paths.get(System.getProperty("mpsdn.oar.dir", "target/oar"))
                .resolve("mpsdn-app-" + version + ".oar");
        assertTrue("built .oar at " + oar, Files.isRegularFile(oar));
        return oar;
    }

    /** Where Karaf's pax-url-aether looks for {@code mvn:group/artifact/version[/type[/classifier]]}. */
    private Path inSystem(String mvnUrl) {
        String[] f = mvnUrl.substring("mvn:".length()).split("/");
        String type = f.length > 3 ? f[3] : "jar";
        String classifier = f.length > 4 ? "-" + f[4] : "";
        return system.resolve(f[0].replace('.', '/')).resolve(f[1]).resolve(f[2])
                .resolve(f[1] + "-" + f[2] + classifier + "." + type);
    }

    /** Feature name to its bundle locations, from a Karaf features file. */
    private static Map<String, List<String>> features(Path file) throws Exception {
        Element top = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile())
                .getDocumentElement();
        Map<String, List<String>> out = new TreeMap<>();
        NodeList fs = top.getElementsByTagName("feature");
        for (int i = 0; i < fs.getLength(); i++) {
            Element f = (Element) fs.item(i);
            if (!f.hasAttribute("name")) {
                continue;  // a <feature>onos-api</feature> dependency, not a definition
            }
            List<String> bundles = new ArrayList<>();
            NodeList bs = f.getElementsByTagName("bundle");
            for (int j = 0; j < bs.getLength(); j++) {
                bundles.add(bs.item(j).getTextContent().trim());
            }
            out.put(f.getAttribute("name"), bundles);
        }
        return out;
    }

    @Test
    public void onosApplicationArchiveReadsTheOar() throws Exception {
        ApplicationDescription desc;
        try (InputStream in = Files.newInputStream(oar())) {
            desc = new Archive(root).saveApplication(in);
        }
        assertEquals(APP, desc.name());
        assertEquals(Version.version(version), desc.version());
        assertEquals(List.of("mpsdn-app"), desc.features());
        assertTrue("required apps " + desc.requiredApps(),
                desc.requiredApps().contains("org.onosproject.openflow-base"));
        assertEquals("only openflow-base: org.onosproject.openflow would bring the host provider's ARP punt",
                List.of("org.onosproject.openflow-base"), desc.requiredApps());
        assertEquals("mpsdn", desc.origin());

        // the app directory ONOS keeps: app.xml and the archive itself
        Path appDir = root.resolve("apps").resolve(APP);
        assertTrue(Files.isRegularFile(appDir.resolve("app.xml")));
        assertTrue(Files.isRegularFile(appDir.resolve(APP + ".oar")));

        // the m2 tree expanded into system/: the features repository and every bundle it lists
        URI repo = desc.featuresRepo().orElseThrow();
        assertEquals(URI.create("mvn:org.mpsdn/mpsdn-app/" + version + "/xml/features"), repo);
        Path featuresFile = inSystem(repo.toString());
        assertTrue("features file in system/: " + featuresFile, Files.isRegularFile(featuresFile));
        Map<String, List<String>> features = features(featuresFile);
        assertEquals("features defined", desc.features(), new ArrayList<>(features.keySet()));
        List<String> expected = new ArrayList<>();
        for (String b : BUNDLES) {
            expected.add("mvn:org.mpsdn/" + b + "/" + version);
        }
        expected.sort(null);
        List<String> listed = new ArrayList<>(features.get("mpsdn-app"));
        listed.sort(null);
        assertEquals("bundles of feature mpsdn-app", expected, listed);
        for (String b : listed) {
            Path jar = inSystem(b);
            assertTrue("bundle in system/: " + jar, Files.isRegularFile(jar) && Files.size(jar) > 0);
        }
    }
}
