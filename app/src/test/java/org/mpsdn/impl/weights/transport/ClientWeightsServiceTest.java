package org.mpsdn.impl.weights.transport;

import io.grpc.CallCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.ClientPath;
import org.mpsdn.client.v1.ClientWeightsGrpc;
import org.mpsdn.client.v1.PathApplied;
import org.mpsdn.client.v1.ReportResponse;
import org.mpsdn.client.v1.SubflowReport;
import org.mpsdn.client.v1.SubflowStats;
import org.mpsdn.client.v1.SubscribeRequest;
import org.mpsdn.client.v1.WeightSource;
import org.mpsdn.client.v1.WeightUpdate;
import org.mpsdn.impl.weights.ApTier2State;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.RecPruning;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.WeightPublisher;
import org.mpsdn.impl.weights.WeightSink;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The ClientWeights service over in-process gRPC: auth, versioning, resume, validation, pruning from reports.
 */
public class ClientWeightsServiceTest {
    private static final String TOKEN1 = "token-of-ue1-0123456789";
    private static final String TOKEN2 = "token-of-ue2-0123456789";
    private static final long EPOCH = 1_700_000_000_000L;

    private Server server;
    private ManagedChannel channel;
    private WeightPublisher publisher;
    private ClientWeightsService service;

    @Before
    public void setUp() throws Exception {
        String name = InProcessServerBuilder.generateName();
        publisher = new WeightPublisher(EPOCH, () -> 42L);
        service = new ClientWeightsService(publisher);
        server = InProcessServerBuilder.forName(name).directExecutor()
                .addService(ServerInterceptors.intercept(service,
                        new ClientAuthInterceptor(Map.of("ue1", TOKEN1, "ue2", TOKEN2))))
                .build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    @After
    public void tearDown() throws Exception {
        channel.shutdownNow();
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
    }

    private static CallCredentials bearer(String token) {
        return new CallCredentials() {
            @Override
            public void applyRequestMetadata(RequestInfo info, Executor executor, MetadataApplier applier) {
                Metadata h = new Metadata();
                h.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
                applier.apply(h);
            }
        };
    }

    private ClientWeightsGrpc.ClientWeightsStub async(String token) {
        return ClientWeightsGrpc.newStub(channel).withCallCredentials(bearer(token));
    }

    private ClientWeightsGrpc.ClientWeightsBlockingStub blocking(String token) {
        return ClientWeightsGrpc.newBlockingStub(channel).withCallCredentials(bearer(token));
    }

    private static SubscribeRequest.Builder sub(String id) {
        return SubscribeRequest.newBuilder().setClientId(id)
                .addPaths(ClientPath.newBuilder().setPathId("wlan0").addAddresses("10.0.1.2").setApId("ap1"))
                .addPaths(ClientPath.newBuilder().setPathId("lte0").addAddresses("10.0.2.2").setApId("enb1"));
    }
    private WeightSink subscribe(String token, SubscribeRequest r) {
        WeightSink s = new WeightSink();
        async(token).subscribe(r, s);
        return s;
    }

    @Test
    public void subscriberGetsItsWeightsThenEveryChange() throws Exception {
        WeightSink s = subscribe(TOKEN1, sub("ue1").build());
        WeightUpdate first = s.next();
        assertEquals("ue1", first.getClientId());
        assertEquals(EPOCH, first.getEpoch());
        assertEquals(1, first.getVersion());
        assertEquals(WeightSource.WEIGHT_SOURCE_AUTOMATIC, first.getSource());
        assertEquals(2, first.getWeightsCount());

        publisher.setManual("ue1", Map.of("wlan0", 200, "lte0", 30));
        WeightUpdate second = s.next();
        assertEquals(2, second.getVersion());
        assertEquals(WeightSource.WEIGHT_SOURCE_MANUAL, second.getSource());
        assertEquals(200, second.getWeights(0).getWeight());
        assertEquals(30, second.getWeights(1).getWeight());

        // the same weights again publish nothing
        publisher.setManual("ue1", Map.of("wlan0", 200, "lte0", 30));
        assertNull(s.poll(200));
    }

    @Test
    public void resumeAtTheCurrentVersionSendsNothingUntilAChange() throws Exception {
        WeightSink s = subscribe(TOKEN1, sub("ue1").build());
        WeightUpdate first = s.next();
        WeightSink again = subscribe(TOKEN1, sub("ue1").setLastEpoch(first.getEpoch())
                .setLastVersion(first.getVersion()).build());
        assertNull(again.poll(200));
        publisher.setManual("ue1", Map.of("wlan0", 200, "lte0", 2));
        assertEquals(2, again.next().getVersion());

        // a client that applied an older epoch (controller restarted) gets the current set at once
        WeightSink old = subscribe(TOKEN1, sub("ue1").setLastEpoch(EPOCH - 1).setLastVersion(9).build());
        assertEquals(2, old.next().getVersion());
    }

    @Test
    public void aClientOnlyActsForItself() throws Exception {
        WeightSink s = subscribe(TOKEN2, sub("ue1").build());
        assertEquals(Status.Code.PERMISSION_DENIED, s.error().getCode());
        WeightSink anon = new WeightSink();
        ClientWeightsGrpc.newStub(channel).subscribe(sub("ue1").build(), anon);
        assertEquals(Status.Code.UNAUTHENTICATED, anon.error().getCode());
        WeightSink wrongToken = subscribe("not-a-token-of-anyone", sub("ue1").build());
        assertEquals(Status.Code.UNAUTHENTICATED, wrongToken.error().getCode());

        // ue2 subscribes and sees only its own weights while ue1's change
        WeightSink s2 = subscribe(TOKEN2, sub("ue2").build());
        assertEquals("ue2", s2.next().getClientId());
        subscribe(TOKEN1, sub("ue1").build()).next();
        publisher.setManual("ue1", Map.of("wlan0", 1, "lte0", 1));
        assertNull(s2.poll(200));
    }

    @Test
    public void malformedSubscribeIsInvalidArgumentNamingTheField() throws Exception {
        assertInvalid(sub("ue1").clearPaths().build(), "paths");
        assertInvalid(sub("ue1").addPaths(ClientPath.newBuilder().setPathId("wlan0").addAddresses("10.0.3.2"))
                .build(), "paths[2].path_id");
        assertInvalid(sub("ue1").setPaths(1, ClientPath.newBuilder().setPathId("lte0").addAddresses("10.0.2.300"))
                .build(), "paths[1].addresses[0]");
        assertInvalid(sub("ue1").setPaths(0, ClientPath.newBuilder().setPathId("wlan 0").addAddresses("10.0.1.2"))
                .build(), "paths[0].path_id");
        assertInvalid(sub("ue1").setLastVersion(3).build(), "last_epoch");
        assertInvalid(sub("").build(), "client_id");
    }

    private void assertInvalid(SubscribeRequest r, String field) throws Exception {
        WeightSink s = subscribe(TOKEN1, r);
        Status st = s.error();
        assertEquals(Status.Code.INVALID_ARGUMENT, st.getCode());
        assertTrue(st.getDescription() + " should name " + field, st.getDescription().startsWith(field));
    }

    @Test
    public void ackRecordsWhatWasApplied() throws Exception {
        WeightUpdate u = subscribe(TOKEN1, sub("ue1").build()).next();
        AckRequest ack = AckRequest.newBuilder().setClientId("ue1").setEpoch(u.getEpoch())
                .setVersion(u.getVersion()).setBackend("shaping")
                .addPaths(PathApplied.newBuilder().setPathId("wlan0").setWeight(1000).setOk(true)).build();
        assertTrue(blocking(TOKEN1).ack(ack).getCurrent());
        assertEquals(ack, publisher.lastAck("ue1").get());
        assertFalse(blocking(TOKEN1).ack(ack.toBuilder().setVersion(99).build()).getCurrent());
        try {
            blocking(TOKEN1).ack(ack.toBuilder().setVersion(0).build());
            fail("version 0 accepted");
        } catch (StatusRuntimeException e) {
            assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        }
        try {
            blocking(TOKEN2).ack(ack);
            fail("ue2 acked for ue1");
        } catch (StatusRuntimeException e) {
            assertEquals(Status.Code.PERMISSION_DENIED, e.getStatus().getCode());
        }
    }

    @Test
    public void reportsDriveRb2locPruningAndBadEntriesAreCounted() throws Exception {
        WeightSink s = subscribe(TOKEN1, sub("ue1").setReceiveBufferBytes(100_000).build());
        assertEquals(1000, s.next().getWeights(1).getWeight());
        // lte0 is 150 ms behind wlan0 at 20 Mbit/s aggregate: 375 kB > 100 kB -> backup
        SubflowReport rep = SubflowReport.newBuilder().setClientId("ue1")
                .addSubflows(SubflowStats.newBuilder().setPathId("wlan0").setSrttUs(10_000)
                        .setMeasuredRateBps(15_000_000))
                .addSubflows(SubflowStats.newBuilder().setPathId("lte0").setSrttUs(160_000)
                        .setMeasuredRateBps(5_000_000))
                .addSubflows(SubflowStats.newBuilder().setPathId("eth9").setSrttUs(1))
                .build();
        ReportResponse r = blocking(TOKEN1).reportSubflows(rep);
        assertEquals(2, r.getAccepted());
        assertEquals(1, r.getRejected());
        assertEquals(1, service.rejectedSubflows());
        WeightUpdate pruned = s.next();
        assertEquals(0, pruned.getWeights(1).getWeight());
        assertEquals(RecPruning.PRUNED, pruned.getWeights(1).getReason());
        assertEquals(1000, pruned.getWeights(0).getWeight());
    }

    @Test
    public void regulationStateDrivesTheSecondaryWeight() throws Exception {
        WeightSink s = subscribe(TOKEN1, sub("ue1").build());
        s.next();
        blocking(TOKEN1).reportSubflows(SubflowReport.newBuilder().setClientId("ue1")
                .addSubflows(SubflowStats.newBuilder().setPathId("wlan0").setMeasuredRateBps(10_000_000))
                .addSubflows(SubflowStats.newBuilder().setPathId("lte0").setMeasuredRateBps(4_000_000))
                .build());
        publisher.updateRegulation(new RegulationInput() {
            @Override
            public java.util.Optional<ApTier2State> tier2State(String apId) {
                return "enb1".equals(apId) ? java.util.Optional.of(new ApTier2State(2_000_000, 8_000_000, 3))
                        : java.util.Optional.empty();
            }

            @Override
            public java.util.Optional<String> primaryAp(String clientId) {
                return java.util.Optional.of("ap1");
            }
        });
        // allowance 2 * 4 / 8 = 1 Mbit/s against 10 on the primary: 100
        WeightUpdate u = s.next();
        assertEquals(100, u.getWeights(1).getWeight());
        assertEquals("tier2-share", u.getWeights(1).getReason());
    }

    @Test
    public void manualWeightsAreValidated() {
        publisher.register("ue1", List.of(new ClientPathInfo("wlan0", "", List.of("10.0.0.1"))), 0);
        assertThrows(() -> publisher.setManual("ue1", Map.of("wlan0", 0)), "at least one");
        assertThrows(() -> publisher.setManual("ue1", Map.of("wlan0", 70000)), "path wlan0");
        assertThrows(() -> publisher.setManual("ue1", Map.of("eth1", 3)), "no path eth1");
    }

    private static void assertThrows(Runnable r, String text) {
        try {
            r.run();
            fail("accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(text));
        }
    }
}
