package org.mpsdn.bench;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApAgentGrpc;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.Direction;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.QueueOccupancy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fake AP agents for the fan-out benchmark: a few loopback gRPC servers that answer GetStatus
 * for any AP id with a per-AP sequence. Runs in its own process so that the poller's and the
 * agents' sockets each stay under the per-process file limit. Prints {@code PORTS p1,p2,...}
 * and serves until standard input closes.
 */
public final class FakeAgentFarm {
    private FakeAgentFarm() {
    }

    /**
     * Entry point.
     *
     * @param args number of servers (default 20)
     * @throws IOException          when a server cannot bind
     * @throws InterruptedException when interrupted
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        int servers = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Map<String, AtomicLong> seq = new ConcurrentHashMap<>();
        long boot = System.nanoTime() | 1L;
        List<Server> list = new ArrayList<>();
        StringJoiner ports = new StringJoiner(",");
        for (int i = 0; i < servers; i++) {
            Server s = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).directExecutor()
                    .addService(new ApAgentGrpc.ApAgentImplBase() {
                        @Override
                        public void getStatus(GetStatusRequest req, StreamObserver<ApStatus> out) {
                            long n = seq.computeIfAbsent(req.getApId(), k -> new AtomicLong()).incrementAndGet();
                            out.onNext(ApStatus.newBuilder().setApId(req.getApId()).setBootId(boot).setSequence(n)
                                    .setMonotonicNs(System.nanoTime()).setWindowMs(2000).setCapacityBps(20_000_000L)
                                    .addQueues(QueueOccupancy.newBuilder()
                                            .setDirection(Direction.DIRECTION_DOWNLINK)
                                            .setOccupancyRatio(0.5).setSampleCount(20).setSource("fake"))
                                    .build());
                            out.onCompleted();
                        }
                    }).build().start();
            list.add(s);
            ports.add(Integer.toString(s.getPort()));
        }
        System.out.println("PORTS " + ports);
        System.out.flush();
        while (System.in.read() >= 0) {
            // serve until the parent closes our stdin
        }
        for (Server s : list) {
            s.shutdownNow();
        }
    }
}
