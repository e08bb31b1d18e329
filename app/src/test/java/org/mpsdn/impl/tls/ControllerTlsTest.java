package org.mpsdn.impl.tls;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.mpsdn.impl.tls.GoTools.BUILD_TIMEOUT_S;
import static org.mpsdn.impl.tls.GoTools.module;
import static org.mpsdn.impl.tls.GoTools.run;

/**
 * The one loader of the controller's PEM files, with a PKI made by the real {@code mpsdn-certs}: what loads, and
 * the reasons of what does not.
 */
public class ControllerTlsTest {
    private static Path work;
    private static Path pki;

    @BeforeClass
    public static void makePki() throws Exception {
        work = Files.createTempDirectory("mpsdn-controller-tls");
        Path bin = work.resolve("mpsdn-certs");
        run(work, module().toFile(), BUILD_TIMEOUT_S, "go", "build", "-o", bin.toString(), "./cmd/mpsdn-certs");
        pki = work.resolve("pki");
        run(work, work.toFile(), 60, bin.toString(), "-dir", pki.toString(), "ca");
        run(work, work.toFile(), 60, bin.toString(), "-dir", pki.toString(), "controller", "onos1");
    }

    @AfterClass
    public static void removePki() throws Exception {
        if (work != null) {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Test
    public void loadsTheControllerIdentityWithOrWithoutCa() throws Exception {
        ControllerTls tls = ControllerTls.load(pki.resolve("controller-onos1.crt"),
                pki.resolve("controller-onos1.key"), pki.resolve("ca.crt"));
        assertTrue(tls.hasCa());
        assertEquals(1, tls.caTrustManagers().length);
        assertTrue(tls.keyManagers().length > 0);
        assertNotNull(tls.clientContext("ap1"));
        ControllerTls serverOnly = ControllerTls.load(pki.resolve("controller-onos1.crt"),
                pki.resolve("controller-onos1.key"), null);
        assertFalse(serverOnly.hasCa());
        try {
            serverOnly.clientContext("ap1");
            fail("a client context without a CA");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("no CA certificate"));
        }
    }

    @Test
    public void aLeafCertificateIsNotACa() throws Exception {
        Path leaf = pki.resolve("controller-onos1.crt");
        try {
            ControllerTls.load(leaf, pki.resolve("controller-onos1.key"), leaf);
            fail("a leaf certificate accepted as CA");
        } catch (GeneralSecurityException e) {
            assertEquals("ca " + leaf + " is not a CA certificate", e.getMessage());
        }
    }

    @Test
    public void configuredFilesThatCannotBeLoadedAreNamedWithTheirProperties() {
        try {
            ControllerTls.loadConfigured("/nonexistent/controller.crt", "/nonexistent/controller.key",
                    "/nonexistent/ca.crt");
            fail("missing files loaded");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("controller TLS files (tlsCertFile="
                    + "/nonexistent/controller.crt, tlsKeyFile=/nonexistent/controller.key, "
                    + "tlsCaFile=/nonexistent/ca.crt): "));
        }
        try {
            ControllerTls.loadConfigured(pki.resolve("controller-onos1.crt").toString(),
                    pki.resolve("ca.crt").toString(), pki.resolve("ca.crt").toString());
            fail("a certificate accepted as key");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("want a PKCS#8 'BEGIN PRIVATE KEY' PEM block"));
        }
    }
}
