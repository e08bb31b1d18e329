package org.mpsdn.osgi;

import org.apache.felix.framework.FrameworkFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.FrameworkWiring;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Felix 5.6.12 (the framework of Karaf 4.2.9, which ONOS 2.7 runs on) configured like Karaf on Java 11,
 * with helpers to install the jars the build copied under {@code mpsdn.bundles.dir}.
 */
final class FelixRuntime implements AutoCloseable {
    /** Symbolic names of the built mpsdn bundles. */
    static final List<String> MPSDN =
            List.of("mpsdn-api", "mpsdn-app", "mpsdn-cli", "mpsdn-web", "mpsdn-web-gui");
    /** Symbolic name of the app bundle. */
    static final String APP = "org.mpsdn.mpsdn-app";

    private final Framework framework;
    private final Path cache;

    private FelixRuntime(Framework framework, Path cache) {
        this.framework = framework;
        this.cache = cache;
    }

    /**
     * Starts a framework with a fresh cache.
     *
     * @return the running framework
     * @throws Exception if it cannot start
     */
    static FelixRuntime start() throws Exception {
        Path cache = Files.createTempDirectory("mpsdn-felix");
        Map<String, String> cfg = new HashMap<>();
        cfg.put(Constants.FRAMEWORK_STORAGE, cache.toString());
        cfg.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        // Karaf 4.2.9 on Java 11 announces these execution environments (ONOS 2.7 requires Java 11)
        cfg.put(Constants.FRAMEWORK_SYSTEMCAPABILITIES_EXTRA,
                "osgi.ee;osgi.ee=\"JavaSE\";version:List<Version>=\"1.0,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,9,10,11\"");
        cfg.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, jdkPackages());
        Framework framework = new FrameworkFactory().newFramework(cfg);
        framework.init();
        framework.start();
        return new FelixRuntime(framework, cache);
    }

    /**
     * Like Karaf's jre-11 system packages: what the JDK's java.* modules export outside java.*, plus
     * jdk.unsupported's sun.misc (ONOS 2.7.0's own protobuf bundle imports it, and runs).
     */
    private static String jdkPackages() {
        return ModuleLayer.boot().modules().stream()
                .filter(m -> m.getName().startsWith("java.") || m.getName().equals("jdk.unsupported"))
                .flatMap(m -> m.getDescriptor().exports().stream())
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .filter(p -> !p.startsWith("java."))
                .sorted().distinct().collect(Collectors.joining(","));
    }

    /**
     * The directory the build copied the bundles to ({@code mpsdn.bundles.dir}).
     *
     * @return the directory
     */
    static Path bundlesDir() {
        return Paths.get(System.getProperty("mpsdn.bundles.dir", "target/bundles"));
    }

    /**
     * The jars of a directory, sorted.
     *
     * @param dir directory
     * @return its jars
     * @throws IOException if it cannot be listed
     */
    static List<Path> jars(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
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

    /**
     * Installs a jar.
     *
     * @param jar the bundle
     * @return the installed bundle
     * @throws BundleException if the framework refuses it
     */
    Bundle install(Path jar) throws BundleException {
        return framework.getBundleContext().installBundle(jar.toUri().toString());
    }

    /**
     * Installs every OSGi bundle of a directory; plain jars are skipped.
     *
     * @param dir directory
     * @return the installed bundles
     * @throws IOException if it cannot be listed
     * @throws BundleException if the framework refuses one
     */
    List<Bundle> installBundles(Path dir) throws IOException, BundleException {
        List<Bundle> out = new ArrayList<>();
        for (Path p : jars(dir)) {
            if (isBundle(p)) {
                out.add(install(p));
            }
        }
        return out;
    }

    /**
     * Resolves bundles (as Karaf's feature installer does before starting them).
     *
     * @param bundles the bundles
     */
    void resolve(Collection<Bundle> bundles) {
        framework.adapt(FrameworkWiring.class).resolveBundles(bundles);
    }

    /**
     * Whether a bundle is resolved (or further).
     *
     * @param b bundle
     * @return true if resolved
     */
    static boolean isResolved(Bundle b) {
        return (b.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) != 0;
    }

    /**
     * Why a bundle is not resolved: the framework's message when asked to start it.
     *
     * @param b an unresolved bundle
     * @return the reason
     */
    static String whyUnresolved(Bundle b) {
        try {
            b.start();
            return b.getSymbolicName() + ": not resolved (no reason given)";
        } catch (BundleException e) {
            return b.getSymbolicName() + ": " + e.getMessage();
        }
    }

    /**
     * The packages a bundle exports (from its manifest, resolved or not).
     *
     * @param b bundle
     * @return exported package names
     */
    static Set<String> exportedPackages(Bundle b) {
        return b.adapt(BundleRevision.class).getDeclaredCapabilities(BundleRevision.PACKAGE_NAMESPACE).stream()
                .map(BundleCapability::getAttributes)
                .map(a -> (String) a.get(BundleRevision.PACKAGE_NAMESPACE))
                .collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    @Override
    public void close() throws Exception {
        framework.stop();
        framework.waitForStop(10_000);
        try (Stream<Path> files = Files.walk(cache)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }
}
