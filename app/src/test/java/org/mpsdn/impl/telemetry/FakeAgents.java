package org.mpsdn.impl.telemetry;

import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApAgentGrpc;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.Direction;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.QueueOccupancy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * In-process fake agents: one gRPC server per AP whose answers a test scripts.
 */
final class FakeAgents implements AutoCloseable {
    /** What an agent answers next. */
    interface Script {
        /**
         * Answers one request; return null to never answer (the caller's deadline fires).
         *
         * @param req the request
         * @return the status, or null
         * @throws io.grpc.StatusRuntimeException to answer with an error
         */
        ApStatus answer(GetStatusRequest req);
    }

    private final Map<String, Script> scripts = new ConcurrentHashMap<>();
    private final List<Server> servers = new ArrayList<>();
    private final List<StreamObserver<ApStatus>> hanging = new ArrayList<>();

    void add(String apId, Script s) throws IOException {
        scripts.put(apId, s);
        servers.add(InProcessServerBuilder.forName("fake-" + apId).directExecutor()
                .addService(new ApAgentGrpc.ApAgentImplBase() {
                    @Override
                    public void getStatus(GetStatusRequest req, StreamObserver<ApStatus> out) {
                        ApStatus st;
                        try {
                            st = scripts.get(apId).answer(req);
                        } catch (io.grpc.StatusRuntimeException e) {
                            out.onError(e);
                            return;
                        }
                        if (st == null) {
                            synchronized (hanging) {
                                hanging.add(out);
                            }
                            return;
                        }
                        out.onNext(st);
                        out.onCompleted();
                    }
                }).build().start());
    }

    void script(String apId, Script s) {
        scripts.put(apId, s);
    }

    static AgentEndpoint endpoint(String apId) {
        return new AgentEndpoint(apId, "fake-" + apId, 1);
    }

    static Function<AgentEndpoint, AgentClient> clients() {
        return ep -> new GrpcAgentClient(InProcessChannelBuilder.forName(ep.host()).build());
    }

    static ApStatus status(String apId, long boot, long seq, double occ) {
        return ApStatus.newBuilder().setApId(apId).setBootId(boot).setSequence(seq).setMonotonicNs(seq * 1000)
                .setWindowMs(2000).setCapacityBps(20_000_000L)
                .addQueues(QueueOccupancy.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK)
                        .setOccupancyRatio(occ).setSampleCount(20).setSource("fake"))
                .build();
    }

    static Script error(Status s) {
        return req -> {
            throw s.asRuntimeException();
        };
    }

    @Override
    public void close() {
        synchronized (hanging) {
            for (StreamObserver<ApStatus> o : hanging) {
                try {
                    o.onError(Status.CANCELLED.asRuntimeException());
                } catch (RuntimeException ignored) {
                    // the call is already gone
                }
            }
        }
        for (Server s : servers) {
            s.shutdownNow();
        }
    }
}
