package org.mpsdn.impl.telemetry;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import org.junit.After;
import org.junit.Test;
import org.mpsdn.agent.v1.ApAgentGrpc;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A restarted agent is reached at the next poll, whatever reconnection backoff the channel built up
 * while the agent was down (over TCP on loopback, as in production).
 */
public class GrpcAgentClientReconnectTest {
    private static final GetStatusRequest REQ = GetStatusRequest.newBuilder().setApId("ap1").build();
    private Server server;
    private GrpcAgentClient client;
    private Exception lastError;

    @After
    public void tearDown() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.shutdownNow();
        }
    }

    private static Server agent(int port) throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
                .addService(new ApAgentGrpc.ApAgentImplBase() {
                    @Override
                    public void getStatus(GetStatusRequest req, StreamObserver<ApStatus> out) {
                        out.onNext(ApStatus.newBuilder().setApId(req.getApId()).setSequence(1).build());
                        out.onCompleted();
                    }
                }).build().start();
    }

    private boolean answers(long deadlineMs) throws InterruptedException {
        try {
            client.getStatus(REQ, deadlineMs).get(deadlineMs + 1000, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            lastError = e;
            return false;
        }
    }

    @Test
    public void restartedAgentAnswersTheFirstPollAfterALongOutage() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        server = agent(port);
        client = new GrpcAgentClient(NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build());
        boolean first = answers(10_000); // generous: class loading on a loaded machine
        assertTrue("the running agent answers: " + lastError, first);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        // polls against the dead agent for 8 s: gRPC's own backoff would have grown past 4 s by now
        int failed = 0;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
        while (System.nanoTime() < end) {
            if (!answers(200)) {
                failed++;
            }
            Thread.sleep(400);
        }
        assertTrue("every poll of the dead agent fails, got " + failed + " failures", failed >= 8);
        server = agent(port);
        // without the backoff reset this call fails at once (UNAVAILABLE) whatever its deadline
        boolean back = answers(5000);
        assertTrue("the first poll after the restart is answered: " + lastError, back);
        assertEquals(1L, client.getStatus(REQ, 5000).get(6, TimeUnit.SECONDS).getSequence());
    }
}
