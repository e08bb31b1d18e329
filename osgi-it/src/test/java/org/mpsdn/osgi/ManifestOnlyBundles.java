package org.mpsdn.osgi;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes bundles that hold only a manifest. The framework resolves on manifests alone, so such a
 * bundle stands in for one that is not published (it is never started) or probes what an import
 * would be wired to.
 */
final class ManifestOnlyBundles {
    private ManifestOnlyBundles() {
    }

    /**
     * Writes a bundle exporting packages at a version, like ONOS's Bazel {@code wrapped_osgi_jar}
     * (which exports every package at the ONOS version, {@code 2.7.0}).
     *
     * @param dir           where to write it
     * @param symbolicName  Bundle-SymbolicName
     * @param version       bundle and package version
     * @param packages      packages exported
     * @return the jar
     * @throws IOException if it cannot be written
     */
    static Path exporter(Path dir, String symbolicName, String version, String... packages) throws IOException {
        StringBuilder exports = new StringBuilder();
        for (String p : packages) {
            exports.append(exports.length() == 0 ? "" : ",").append(p).append(";version=\"").append(version)
                    .append('"');
        }
        Manifest mf = manifest(symbolicName, version);
        mf.getMainAttributes().putValue("Bundle-Name", "stand-in for " + symbolicName + " (manifest only)");
        mf.getMainAttributes().putValue("Export-Package", exports.toString());
        return write(dir, symbolicName, mf);
    }

    /**
     * Writes a bundle that imports packages with {@code resolution:=optional}, as the app bundle
     * did before issue 15 ({@code io.grpc.*;resolution:=optional}).
     *
     * @param dir           where to write it
     * @param symbolicName  Bundle-SymbolicName
     * @param packages      packages imported, optionally
     * @return the jar
     * @throws IOException if it cannot be written
     */
    static Path optionalImporter(Path dir, String symbolicName, String... packages) throws IOException {
        StringBuilder imports = new StringBuilder();
        for (String p : packages) {
            imports.append(imports.length() == 0 ? "" : ",").append(p).append(";resolution:=optional");
        }
        Manifest mf = manifest(symbolicName, "1.0.0");
        mf.getMainAttributes().putValue("Import-Package", imports.toString());
        return write(dir, symbolicName, mf);
    }

    private static Manifest manifest(String symbolicName, String version) {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", symbolicName);
        a.putValue("Bundle-Version", version);
        return mf;
    }

    private static Path write(Path dir, String symbolicName, Manifest mf) throws IOException {
        Path jar = dir.resolve(symbolicName + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, mf)) {
            j.flush();
        }
        return jar;
    }
}
