package org.mpsdn.impl.telemetry;

import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApAgentGrpc;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.StreamStatusRequest;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-process agent whose stream the test drives: it records each subscription, sends what the
 * test pushes to the current subscriber, and breaks the stream on demand.
 */
final class FakeStreamAgent implements AutoCloseable {
    private final BlockingQueue<StreamStatusRequest> requests = new LinkedBlockingQueue<>();
    private final AtomicInteger cancelled = new AtomicInteger();
    private final Server server;
    private final List<ServerCallStreamObserver<ApStatus>> streams = new CopyOnWriteArrayList<>();
    private volatile ServerCallStreamObserver<ApStatus> current;

    FakeStreamAgent(String apId) throws IOException {
        server = InProcessServerBuilder.forName("fake-" + apId).directExecutor()
                .addService(new ApAgentGrpc.ApAgentImplBase() {
                    @Override
                    public void streamStatus(StreamStatusRequest req, StreamObserver<ApStatus> out) {
                        ServerCallStreamObserver<ApStatus> o = (ServerCallStreamObserver<ApStatus>) out;
                        o.setOnCancelHandler(cancelled::incrementAndGet);
                        streams.add(o);
                        current = o;
                        requests.add(req);
                    }
                }).build().start();
    }

    /**
     * The next subscription the controller opened.
     *
     * @return the request
     * @throws AssertionError when none came within 10 s
     */
    StreamStatusRequest nextRequest() throws InterruptedException {
        StreamStatusRequest r = requests.poll(10, TimeUnit.SECONDS);
        if (r == null) {
            throw new AssertionError("no subscription");
        }
        return r;
    }

    /** @return subscriptions opened and not yet taken by {@link #nextRequest} */
    int waitingRequests() {
        return requests.size();
    }

    /** @return streams the controller cancelled */
    int cancelled() {
        return cancelled.get();
    }

    /**
     * Sends a status on the newest subscription.
     *
     * @param st the status
     */
    void push(ApStatus st) {
        current.onNext(st);
    }

    /**
     * Sends a status on one subscription.
     *
     * @param index the subscription, in the order opened from 0
     * @param st    the status
     */
    void pushTo(int index, ApStatus st) {
        streams.get(index).onNext(st);
    }

    /**
     * Ends the current stream with an error (the agent went away).
     *
     * @param s the error
     */
    void fail(Status s) {
        current.onError(s.asRuntimeException());
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
