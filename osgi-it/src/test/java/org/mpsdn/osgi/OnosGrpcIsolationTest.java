package org.mpsdn.osgi;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Issue 15 row 10: the app bundle must not be wired to, nor import anything from, ONOS 2.7.0's own
 * gRPC 1.22.1 / protobuf 3.10 bundles. ONOS installs them with {@code org.onosproject.protocols.grpc}
 * ({@code protocols/grpc/BUILD} of the 2.7.0 tag), which every gRPC-based ONOS app requires; Karaf
 * then refreshes (restarts) any bundle whose optional imports they could satisfy.
 *
 * <p>The four wrapper bundles ONOS published to Maven Central are installed as they are; the rest of
 * that app's gRPC bundles ({@code deps/BUILD} {@code wrapped_osgi_jar io_grpc_*}) are not published and
 * are replaced by manifest-only stand-ins with ONOS's symbolic names that export the same packages at
 * version 2.7.0. A probe bundle with optional {@code io.grpc} imports shows that this runtime does wire
 * such imports to ONOS's bundles, so the app's "not wired" result is not vacuous.</p>
 */
public class OnosGrpcIsolationTest {
    private static final String ONOS_VERSION = "2.7.0";
    /** The ONOS 2.7.0 wrapper bundles on Maven Central (osgi-it/pom.xml copies them to onos-grpc/). */
    private static final Set<String> PUBLISHED = Set.of(
            "org.onosproject.io_grpc_grpc_api_context", "org.onosproject.io_grpc_grpc_stub",
            "org.onosproject.io_grpc_grpc_protobuf", "org.onosproject.com_google_protobuf_protobuf_java");
    /** The probe's optional imports and the ONOS bundle each must be wired to. */
    private static final Map<String, String> PROBE_WIRES = Map.of(
            "io.grpc", "org.onosproject.io_grpc_grpc_api_context",
            "io.grpc.stub", "org.onosproject.io_grpc_grpc_stub",
            "io.grpc.protobuf", "org.onosproject.io_grpc_grpc_protobuf",
            "io.grpc.netty", "org.onosproject.io_grpc_grpc_netty",
            "com.google.protobuf", "org.onosproject.com_google_protobuf_protobuf_java");

    private FelixRuntime felix;
    private Path work;

    @Before
    public void start() throws Exception {
        felix = FelixRuntime.start();
        work = Files.createTempDirectory("mpsdn-grpc-standins");
    }

    @After
    public void stop() throws Exception {
        if (felix != null) {
            felix.close();
        }
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }

    /** Stand-ins for the gRPC bundles of org.onosproject.protocols.grpc that are not on Maven Central. */
    private List<Path> unpublishedOnosGrpcBundles() throws Exception {
        return List.of(
                ManifestOnlyBundles.exporter(work, "org.onosproject.io_grpc_grpc_core_internal", ONOS_VERSION,
                        "io.grpc.internal"),
                ManifestOnlyBundles.exporter(work, "org.onosproject.io_grpc_grpc_core_inprocess", ONOS_VERSION,
                        "io.grpc.inprocess"),
                ManifestOnlyBundles.exporter(work, "org.onosproject.io_grpc_grpc_core_util", ONOS_VERSION,
                        "io.grpc.util"),
                ManifestOnlyBundles.exporter(work, "org.onosproject.io_grpc_grpc_netty", ONOS_VERSION,
                        "io.grpc.netty"),
                ManifestOnlyBundles.exporter(work, "org.onosproject.io_grpc_grpc_auth", ONOS_VERSION,
                        "io.grpc.auth"),
                ManifestOnlyBundles.exporter(work, "org.onosproject.io_grpc_grpc_protobuf_lite", ONOS_VERSION,
                        "io.grpc.protobuf.lite"),
                // @com_google_api_grpc_proto_google_common_protos//jar, imported by io_grpc_grpc_protobuf
                ManifestOnlyBundles.exporter(work, "com.google.api.grpc.proto-google-common-protos", "1.17.0",
                        "com.google.rpc"));
    }

    private static boolean isGrpcPackage(String pkg) {
        return pkg.startsWith("io.grpc") || pkg.startsWith("com.google.protobuf") || pkg.startsWith("com.google.rpc");
    }

    private static Map<String, String> packageWires(Bundle b) {
        Map<String, String> wires = new TreeMap<>();
        for (BundleWire w : b.adapt(BundleWiring.class).getRequiredWires(BundleRevision.PACKAGE_NAMESPACE)) {
            wires.put((String) w.getCapability().getAttributes().get(BundleRevision.PACKAGE_NAMESPACE),
                    w.getProvider().getBundle().getSymbolicName());
        }
        return wires;
    }

    @Test
    public void appIsWiredToNoneOfOnosGrpcBundles() throws Exception {
        Path dir = FelixRuntime.bundlesDir();
        List<Bundle> all = new ArrayList<>();
        List<Bundle> ours = new ArrayList<>();
        for (Path p : FelixRuntime.jars(dir)) {
            ours.add(felix.install(p));
        }
        all.addAll(ours);
        all.addAll(felix.installBundles(dir.resolve("runtime")));
        List<Bundle> published = felix.installBundles(dir.resolve("onos-grpc"));
        List<Bundle> onosGrpc = new ArrayList<>(published);
        for (Path p : unpublishedOnosGrpcBundles()) {
            onosGrpc.add(felix.install(p));
        }
        all.addAll(onosGrpc);
        Bundle probe = felix.install(ManifestOnlyBundles.optionalImporter(work, "mpsdn.probe.optional-grpc",
                PROBE_WIRES.keySet().toArray(new String[0])));
        all.add(probe);
        felix.resolve(all);

        assertEquals("ONOS 2.7.0 gRPC wrapper bundles installed from " + dir.resolve("onos-grpc"),
                PUBLISHED, published.stream().map(Bundle::getSymbolicName).collect(Collectors.toSet()));
        assertOnosGrpcOffersPackages(onosGrpc);

        // control: in this runtime an optional io.grpc import is wired to ONOS's bundles
        assertTrue(FelixRuntime.whyUnresolved(probe), FelixRuntime.isResolved(probe));
        assertEquals("an optional import of io.grpc packages is wired to ONOS's gRPC",
                new TreeMap<>(PROBE_WIRES), packageWires(probe));

        Bundle app = ours.stream().filter(b -> FelixRuntime.APP.equals(b.getSymbolicName())).findFirst()
                .orElseThrow();
        assertAppIsolatedFrom(app, onosGrpc);
    }

    /** ONOS's gRPC bundles are resolved and export io.grpc / protobuf packages, io.grpc.netty among them. */
    private static void assertOnosGrpcOffersPackages(List<Bundle> onosGrpc) {
        Set<String> onosGrpcPackages = new TreeSet<>();
        for (Bundle b : onosGrpc) {
            assertTrue(FelixRuntime.whyUnresolved(b), FelixRuntime.isResolved(b));
            Set<String> exported = FelixRuntime.exportedPackages(b);
            assertTrue(b.getSymbolicName() + " exports gRPC/protobuf/rpc packages: " + exported,
                    exported.stream().anyMatch(OnosGrpcIsolationTest::isGrpcPackage));
            onosGrpcPackages.addAll(exported);
        }
        assertTrue("io.grpc.netty offered by ONOS: " + onosGrpcPackages, onosGrpcPackages.contains("io.grpc.netty"));
    }

    /** The app: resolved, imports no gRPC package (not even optionally), wired to none of ONOS's gRPC bundles. */
    private static void assertAppIsolatedFrom(Bundle app, List<Bundle> onosGrpc) {
        assertTrue(FelixRuntime.whyUnresolved(app), FelixRuntime.isResolved(app));
        List<String> grpcImports = app.adapt(BundleRevision.class)
                .getDeclaredRequirements(BundleRevision.PACKAGE_NAMESPACE).stream()
                .map(r -> r.getDirectives().get("filter"))
                .filter(f -> f.contains("=io.grpc") || f.contains("=com.google.protobuf")
                        || f.contains("=com.google.rpc"))
                .collect(Collectors.toList());
        assertEquals("app Import-Package names gRPC/protobuf packages (they are embedded: !io.grpc.*)",
                List.of(), grpcImports);
        Set<String> onosGrpcNames = onosGrpc.stream().map(Bundle::getSymbolicName).collect(Collectors.toSet());
        Map<String, String> appWires = packageWires(app);
        Map<String, String> toOnosGrpc = appWires.entrySet().stream()
                .filter(e -> onosGrpcNames.contains(e.getValue()) || isGrpcPackage(e.getKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
        assertEquals("app wires to ONOS's gRPC bundles", Map.of(), toOnosGrpc);
        assertEquals("app is wired to onos-api", "org.onosproject.onos-api", appWires.get("org.onosproject.net"));
    }
}
