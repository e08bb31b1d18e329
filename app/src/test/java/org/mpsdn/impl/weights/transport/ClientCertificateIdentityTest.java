package org.mpsdn.impl.weights.transport;

import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.TlsChannelCredentials;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.ClientPath;
import org.mpsdn.client.v1.ClientWeightsGrpc;
import org.mpsdn.client.v1.PathApplied;
import org.mpsdn.client.v1.SubscribeRequest;
import org.mpsdn.client.v1.WeightUpdate;
import org.mpsdn.impl.tls.ControllerTls;
import org.mpsdn.impl.weights.WeightPublisher;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.mpsdn.impl.tls.GoTools.BUILD_TIMEOUT_S;
import static org.mpsdn.impl.tls.GoTools.module;
import static org.mpsdn.impl.tls.GoTools.run;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * The mTLS identity path with certificates made by the real {@code mpsdn-certs} (built with {@code go build}): the
 * client id is bound to the certificate's {@code mpsdn://client/<id>} URI SAN, so a client only receives its own
 * weights.
 */
public class ClientCertificateIdentityTest {
    private static final long CALL_TIMEOUT_S = 10;
    private static Path work;
    private static Path pki;
    private static Path rogue;

    private WeightPublisher publisher;
    private ClientWeightsServer server;
    private ManagedChannel channel;

    @BeforeClass
    public static void makePki() throws Exception {
        Path module = module();
        work = Files.createTempDirectory("mpsdn-client-mtls");
        run(work, module.toFile(), BUILD_TIMEOUT_S, "go", "build", "-o", work.resolve("mpsdn-certs").toString(),
                "./cmd/mpsdn-certs");
        String certs = work.resolve("mpsdn-certs").toString();
        pki = work.resolve("pki");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "ca");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "controller", "onos1");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "client", "ue1");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "client", "ue2");
        run(work, work.toFile(), 60, certs, "-dir", pki.toString(), "ap", "ap1");
        rogue = work.resolve("rogue");
        run(work, work.toFile(), 60, certs, "-dir", rogue.toString(), "ca");
        run(work, work.toFile(), 60, certs, "-dir", rogue.toString(), "client", "ue1");
    }

    @AfterClass
    public static void removePki() throws Exception {
        if (work != null) {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Before
    public void setUp() throws Exception {
        publisher = new WeightPublisher(1_700_000_000_000L, () -> 42L);
        publisher.setManual("ue1", Map.of("wlan0", 200, "lte0", 10));
        publisher.setManual("ue2", Map.of("wlan0", 7, "lte0", 3));
        server = new ClientWeightsServer(0, publisher, Map.of(), ControllerTls.load(
                pki.resolve("controller-onos1.crt"), pki.resolve("controller-onos1.key"), pki.resolve("ca.crt")));
    }

    @After
    public void tearDown() throws Exception {
        if (channel != null) {
            channel.shutdownNow();
        }
        server.stop(200);
    }

    private ClientWeightsGrpc.ClientWeightsBlockingStub as(Path dir, String name) throws Exception {
        TlsChannelCredentials.Builder b = TlsChannelCredentials.newBuilder().trustManager(pki.resolve("ca.crt")
                .toFile());
        if (name != null) {
            b.keyManager(dir.resolve(name + ".crt").toFile(), dir.resolve(name + ".key").toFile());
        }
        ChannelCredentials creds = b.build();
        channel = Grpc.newChannelBuilderForAddress("127.0.0.1", server.port(), creds).build();
        return ClientWeightsGrpc.newBlockingStub(channel).withDeadlineAfter(CALL_TIMEOUT_S, TimeUnit.SECONDS);
    }

    private static SubscribeRequest sub(String id) {
        return SubscribeRequest.newBuilder().setClientId(id)
                .addPaths(ClientPath.newBuilder().setPathId("wlan0").addAddresses("10.0.1.2"))
                .addPaths(ClientPath.newBuilder().setPathId("lte0").addAddresses("10.0.2.2"))
                .build();
    }

    private static Status.Code firstCallCode(Iterator<WeightUpdate> it) {
        try {
            it.next();
            fail("the server sent weights");
            return null;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        }
    }

    @Test
    public void clientCertificateForUe1ReceivesUe1sWeights() throws Exception {
        Iterator<WeightUpdate> it = as(pki, "client-ue1").subscribe(sub("ue1"));
        WeightUpdate u = it.next();
        assertEquals("ue1", u.getClientId());
        assertEquals(200, u.getWeights(0).getWeight());
        assertEquals(10, u.getWeights(1).getWeight());
    }

    @Test
    public void clientCertificateForUe1AskingForUe2IsRefused() throws Exception {
        ClientWeightsGrpc.ClientWeightsBlockingStub stub = as(pki, "client-ue1");
        try {
            stub.subscribe(sub("ue2")).next();
            fail("ue1's certificate received ue2's weights");
        } catch (StatusRuntimeException e) {
            assertEquals(Status.Code.PERMISSION_DENIED, e.getStatus().getCode());
            assertThat(e.getStatus().getDescription(), containsString("caller ue1 may not act for client ue2"));
        }
        try {
            stub.ack(AckRequest.newBuilder().setClientId("ue2").setEpoch(1).setVersion(1)
                    .addPaths(PathApplied.newBuilder().setPathId("wlan0").setOk(true)).build());
            fail("ue1's certificate acknowledged for ue2");
        } catch (StatusRuntimeException e) {
            assertEquals(Status.Code.PERMISSION_DENIED, e.getStatus().getCode());
        }
    }

    @Test
    public void certificateWithoutAClientIdentityIsUnauthenticated() throws Exception {
        // an AP agent's certificate is signed by the same CA but names an AP, not a client
        assertEquals(Status.Code.UNAUTHENTICATED, firstCallCode(as(pki, "ap-ap1").subscribe(sub("ue1"))));
        // no certificate and no token
        assertEquals(Status.Code.UNAUTHENTICATED, firstCallCode(as(pki, null).subscribe(sub("ue1"))));
    }

    @Test
    public void certificateFromAnotherCaIsRejectedInTheHandshake() throws Exception {
        assertEquals(Status.Code.UNAVAILABLE, firstCallCode(as(rogue, "client-ue1").subscribe(sub("ue1"))));
    }

}
