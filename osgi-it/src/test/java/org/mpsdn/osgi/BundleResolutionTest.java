package org.mpsdn.osgi;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.mpsdn.osgi.FelixRuntime.MPSDN;

/**
 * Installs the built mpsdn bundles (api, app, cli, web, web-gui) with onos-api 2.7.0, its
 * dependency bundles, what ONOS' REST feature provides to a WAB (onlab-rest, JAX-RS 2.1,
 * Jersey 2.27's servlet container with its HK2 injection, the servlet API) and Felix SCR into
 * Felix 5.6.12 (the framework of Karaf 4.2.9, which ONOS 2.7 runs on)
 * and requires every mpsdn bundle to resolve; any unsatisfied import fails the test with the
 * framework's message.
 */
public class BundleResolutionTest {
    private FelixRuntime felix;

    @Before
    public void start() throws Exception {
        felix = FelixRuntime.start();
    }

    @After
    public void stop() throws Exception {
        if (felix != null) {
            felix.close();
        }
    }

    @Test
    public void mpsdnBundlesResolveAgainstOnosApi() throws Exception {
        Path dir = FelixRuntime.bundlesDir();
        List<Bundle> ours = new ArrayList<>();
        List<Path> mine = FelixRuntime.jars(dir);
        assertEquals("built bundles found in " + dir + ": " + mine, MPSDN.size(), mine.size());
        for (Path p : mine) {
            ours.add(felix.install(p));
        }
        List<Bundle> all = new ArrayList<>(ours);
        List<Bundle> runtime = felix.installBundles(dir.resolve("runtime"));
        all.addAll(runtime);
        int skipped = FelixRuntime.jars(dir.resolve("runtime")).size() - runtime.size();
        assertTrue("onos-api and its dependencies were found", all.size() - ours.size() > 20);
        felix.resolve(all);

        List<String> problems = new ArrayList<>();
        for (Bundle b : ours) {
            if (!FelixRuntime.isResolved(b)) {
                problems.add(FelixRuntime.whyUnresolved(b));
            }
        }
        if (!problems.isEmpty()) {
            for (Bundle b : runtime) {
                if (b.getState() == Bundle.INSTALLED) {
                    problems.add("  (runtime) " + FelixRuntime.whyUnresolved(b));
                }
            }
            fail("unresolved mpsdn bundles (" + skipped + " non-bundle jars skipped):\n"
                    + String.join("\n", problems));
        }

        Bundle app = ours.stream().filter(b -> b.getSymbolicName().equals(FelixRuntime.APP)).findFirst()
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
