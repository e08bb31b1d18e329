package org.mpsdn.osgi;

import org.apache.felix.framework.FrameworkFactory;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Installs the built mpsdn bundles (api, app, cli, web, web-gui) with onos-api 2.7.0, its
 * dependency bundles, what ONOS' REST feature provides to a WAB (onlab-rest, JAX-RS 2.1,
 * Jersey 2.27's servlet container with its HK2 injection, the servlet API) and Felix SCR into
 * Felix 5.6.12 (the framework of Karaf 4.2.9, which ONOS 2.7 runs on)
 * and requires every mpsdn bundle to resolve; any unsatisfied import fails the test with the
 * framework's message.
 */
public class BundleResolutionTest {
    private static final List<String> MPSDN =
            List.of("mpsdn-api", "mpsdn-app", "mpsdn-cli", "mpsdn-web", "mpsdn-web-gui");

    private Framework framework;
    private Path cache;

    @Before
    public void start() throws Exception {
        cache = Files.createTempDirectory("mpsdn-felix");
        Map<String, String> cfg = new HashMap<>();
        cfg.put(Constants.FRAMEWORK_STORAGE, cache.toString());
        cfg.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        // Karaf 4.2.9 on Java 11 announces these execution environments (ONOS 2.7 requires Java 11)
        cfg.put(Constants.FRAMEWORK_SYSTEMCAPABILITIES_EXTRA,
                "osgi.ee;osgi.ee=\"JavaSE\";version:List<Version>=\"1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,9,10,11\"");
        // like Karaf's jre-11 system packages: what the JDK's java.* modules export outside java.*
        cfg.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, jdkPackages());
        framework = new FrameworkFactory().newFramework(cfg);
        framework.init();
        framework.start();
    }

    private static String jdkPackages() {
        return ModuleLayer.boot().modules().stream()
                .filter(m -> m.getName().startsWith("java."))
                .flatMap(m -> m.getDescriptor().exports().stream())
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .filter(p -> !p.startsWith("java."))
                .sorted().distinct().collect(Collectors.joining(","));
    }

    @After
    public void stop() throws Exception {
        if (framework != null) {
            framework.stop();
            framework.waitForStop(10_000);
        }
        try (Stream<Path> files = Files.walk(cache)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }

    private static boolean isBundle(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getManifest() != null
                    && j.getManifest().getMainAttributes().getValue(Constants.BUNDLE_SYMBOLICNAME) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> jars(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
    }

    @Test
    public void mpsdnBundlesResolveAgainstOnosApi() throws Exception {
        Path dir = Paths.get(System.getProperty("mpsdn.bundles.dir", "target/bundles"));
        BundleContext ctx = framework.getBundleContext();
        List<Bundle> ours = new ArrayList<>();
        List<Path> mine = jars(dir);
        assertEquals("built bundles found in " + dir + ": " + mine, MPSDN.size(), mine.size());
        for (Path p : mine) {
            ours.add(ctx.installBundle(p.toUri().toString()));
        }
        List<Bundle> all = new ArrayList<>(ours);
        int skipped = 0;
        for (Path p : jars(dir.resolve("runtime"))) {
            if (isBundle(p)) {
                all.add(ctx.installBundle(p.toUri().toString()));
            } else {
                skipped++;
            }
        }
        assertTrue("onos-api and its dependencies were found", all.size() - ours.size() > 20);
        framework.adapt(FrameworkWiring.class).resolveBundles(all);

        List<String> problems = new ArrayList<>();
        for (Bundle b : ours) {
            if ((b.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) == 0) {
                try {
                    b.start();
                    problems.add(b.getSymbolicName() + ": not resolved (no reason given)");
                } catch (BundleException e) {
                    problems.add(b.getSymbolicName() + ": " + e.getMessage());
                }
            }
        }
        if (!problems.isEmpty()) {
            for (Bundle b : all.subList(ours.size(), all.size())) {
                if (b.getState() == Bundle.INSTALLED) {
                    try {
                        b.start();
                    } catch (BundleException e) {
                        problems.add("  (runtime) " + b.getSymbolicName() + ": " + e.getMessage());
                    }
                }
            }
            fail("unresolved mpsdn bundles (" + skipped + " non-bundle jars skipped):\n"
                    + String.join("\n", problems));
        }

        Bundle app = ours.stream().filter(b -> b.getSymbolicName().equals("org.mpsdn.mpsdn-app")).findFirst()
                .orElseThrow();
        assertNull("the app bundle exports nothing (embedded gRPC/netty/jctools stay private)",
                app.getHeaders().get(Constants.EXPORT_PACKAGE));
        BundleWiring wiring = app.adapt(BundleWiring.class);
        List<String> wiredTo = wiring.getRequiredWires(BundleRevision.PACKAGE_NAMESPACE).stream()
                .map(BundleWire::getProvider).map(r -> r.getBundle().getSymbolicName()).distinct().sorted()
                .collect(Collectors.toList());
        assertTrue("app is wired to onos-api: " + wiredTo, wiredTo.contains("org.onosproject.onos-api"));
        assertTrue("app is wired to mpsdn-api: " + wiredTo, wiredTo.contains("org.mpsdn.mpsdn-api"));
        assertFalse("app is not wired to another gRPC: " + wiredTo,
                wiredTo.stream().anyMatch(n -> n.contains("grpc")));

        // the REST WAB: wired to ONOS' REST base classes and to Jersey's servlet (the onos-rest feature's)
        Bundle web = ours.stream().filter(b -> b.getSymbolicName().equals("org.mpsdn.mpsdn-web")).findFirst()
                .orElseThrow();
        assertEquals("/onos/mpsdn", web.getHeaders().get("Web-ContextPath"));
        Map<String, String> webWires = new HashMap<>();
        for (BundleWire w : web.adapt(BundleWiring.class).getRequiredWires(BundleRevision.PACKAGE_NAMESPACE)) {
            webWires.put((String) w.getCapability().getAttributes().get(BundleRevision.PACKAGE_NAMESPACE),
                    w.getProvider().getBundle().getSymbolicName());
        }
        assertEquals(webWires.toString(), "org.onosproject.onlab-rest", webWires.get("org.onlab.rest"));
        assertEquals(webWires.toString(), "org.glassfish.jersey.containers.jersey-container-servlet-core",
                webWires.get("org.glassfish.jersey.servlet"));
        assertEquals(webWires.toString(), "org.mpsdn.mpsdn-api", webWires.get("org.mpsdn.api.northbound"));
    }
}
