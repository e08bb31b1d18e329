package org.mpsdn.impl.enb;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.SchedulingPolicy;
import org.mpsdn.impl.tls.ControllerTls;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.mpsdn.impl.tls.GoTools.BUILD_TIMEOUT_S;
import static org.mpsdn.impl.tls.GoTools.module;
import static org.mpsdn.impl.tls.GoTools.run;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * {@link EnbPolicyClient#overTls} against a Netty gRPC server that requires client
 * certificates, with a PKI made by the project's {@code mpsdn-certs} (built with
 * {@code go build}): the controller's certificate is accepted and the eNB's identity
 * (mpsdn://ap/enb1) is checked; a controller certificate of another CA, and an eNB that
 * presents another AP's identity, are refused and reported as failures.
 */
public class EnbPolicyClientTlsTest {
    private static Path work;
    private static Path pki;
    private static Path rogue;

    private FakeEnb enb;
    private Server server;
    private int port;

    @BeforeClass
    public static void makePki() throws Exception {
        Path module = module();
        work = Files.createTempDirectory("mpsdn-enbtls");
        Path bin = work.resolve("mpsdn-certs");
        run(work, module.toFile(), BUILD_TIMEOUT_S, "go", "build", "-o", bin.toString(), "./cmd/mpsdn-certs");
        pki = work.resolve("pki");
        rogue = work.resolve("rogue");
        run(work, work.toFile(), 60, bin.toString(), "-dir", pki.toString(), "ca");
        run(work, work.toFile(), 60, bin.toString(), "-dir", pki.toString(), "ap", "enb1");
        run(work, work.toFile(), 60, bin.toString(), "-dir", pki.toString(), "controller", "onos1");
        run(work, work.toFile(), 60, bin.toString(), "-dir", rogue.toString(), "ca");
        run(work, work.toFile(), 60, bin.toString(), "-dir", rogue.toString(), "controller", "onos1");
    }

    @Before
    public void startEnb() throws Exception {
        enb = new FakeEnb();
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .sslContext(GrpcSslContexts.forServer(pki.resolve("ap-enb1.crt").toFile(),
                                pki.resolve("ap-enb1.key").toFile())
                        .trustManager(pki.resolve("ca.crt").toFile())
                        .clientAuth(ClientAuth.REQUIRE).build())
                .addService(enb).build().start();
        port = server.getPort();
    }

    @After
    public void stopEnb() throws Exception {
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static ControllerTls controller(Path dir) throws Exception {
        return ControllerTls.load(dir.resolve("controller-onos1.crt"), dir.resolve("controller-onos1.key"),
                pki.resolve("ca.crt"));
    }

    private static MpsdnIntent intent() {
        return MpsdnIntent.builder().id("i1").kind(IntentKind.ENB_SCHEDULING).target("enb1")
                .interCluster(EnbDiscipline.PFS).build();
    }

    private InstallOutcome install(EnbPolicyClient client) throws Exception {
        EnbIntentInstaller installer = new EnbIntentInstaller(id -> client,
                id -> List.of(new EnbFlow("f1", "alice", "enb1", "alice")), id -> List.of(), Runnable::run);
        return installer.install(intent()).toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    @Test
    public void controllerCertificateInstallsOverMtls() throws Exception {
        try (EnbPolicyClient c = EnbPolicyClient.overTls("enb1", "127.0.0.1", port,
                controller(pki).clientContext("enb1"), 5000)) {
            InstallOutcome o = install(c);
            assertTrue(o.toString(), o.isAcknowledged());
        }
        synchronized (enb) {
            assertEquals(SchedulingPolicy.newBuilder().setVersion(1).setInterCluster(Discipline.DISCIPLINE_PFS)
                    .addClusters(org.mpsdn.enb.v1.Cluster.newBuilder().setClusterId("user:alice")
                            .addUeIds("alice").setIntraCluster(Discipline.DISCIPLINE_MAX_CI))
                    .build(), enb.policy);
        }
    }

    @Test
    public void enbPresentingAnotherIdentityIsRefused() throws Exception {
        // the controller dials "enb2" but the server's certificate is bound to mpsdn://ap/enb1
        try (EnbPolicyClient c = EnbPolicyClient.overTls("enb2", "127.0.0.1", port,
                controller(pki).clientContext("enb2"), 5000)) {
            InstallOutcome o = install(c);
            assertFalse(o.isAcknowledged());
            assertTrue(o.reason(), o.reason().startsWith("eNB enb1 unreachable: UNAVAILABLE"));
        }
        synchronized (enb) {
            assertEquals(0, enb.sets);
        }
    }

    @Test
    public void controllerOfAnotherCaIsRefused() throws Exception {
        try (EnbPolicyClient c = EnbPolicyClient.overTls("enb1", "127.0.0.1", port,
                controller(rogue).clientContext("enb1"), 5000)) {
            InstallOutcome o = install(c);
            assertFalse(o.isAcknowledged());
            assertTrue(o.reason(), o.reason().startsWith("eNB enb1 unreachable: UNAVAILABLE"));
        }
        synchronized (enb) {
            assertEquals(0, enb.sets);
        }
    }
}
