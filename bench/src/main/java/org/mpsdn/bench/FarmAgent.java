package org.mpsdn.bench;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.mpsdn.agent.v1.ApAgentGrpc;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.Direction;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.QueueOccupancy;
import org.mpsdn.agent.v1.StreamStatusRequest;
import org.mpsdn.agent.v1.WindowMode;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One fake agent of the farm: answers GetStatus for its own AP (PERMISSION_DENIED for another) and
 * streams one status per window of the requested schedule ({@link FarmSchedules}), as the Go agent
 * does, with one sequence counter for both.
 */
final class FarmAgent extends ApAgentGrpc.ApAgentImplBase {
    private final String apId;
    private final long boot;
    private final FarmSchedules schedules;
    private final AtomicLong seq = new AtomicLong();

    FarmAgent(String apId, long boot, FarmSchedules schedules) {
        this.apId = apId;
        this.boot = boot;
        this.schedules = schedules;
    }

    /**
     * A status of a window.
     *
     * @param windowMs the window's length, ms
     * @param endMs    the window's end, ms since the epoch (0: not streamed)
     * @return the status
     */
    ApStatus status(long windowMs, long endMs) {
        return ApStatus.newBuilder().setApId(apId).setBootId(boot).setSequence(seq.incrementAndGet())
                .setMonotonicNs(System.nanoTime()).setWindowMs((int) windowMs).setCapacityBps(20_000_000L)
                .setWindowMode(WindowMode.WINDOW_MODE_SLIDING).setWindowEndUnixMs(endMs)
                .addQueues(QueueOccupancy.newBuilder().setDirection(Direction.DIRECTION_DOWNLINK)
                        .setOccupancyRatio(0.5).setSampleCount(20).setSource("fake"))
                .build();
    }

    @Override
    public void getStatus(GetStatusRequest req, StreamObserver<ApStatus> out) {
        if (!apId.equals(req.getApId())) {
            out.onError(Status.PERMISSION_DENIED.withDescription("not " + req.getApId()).asRuntimeException());
            return;
        }
        out.onNext(status(req.getMaxWindowMs() == 0 ? 2000 : req.getMaxWindowMs(), 0));
        out.onCompleted();
    }

    @Override
    public void streamStatus(StreamStatusRequest req, StreamObserver<ApStatus> out) {
        if (!apId.equals(req.getApId())) {
            out.onError(Status.PERMISSION_DENIED.withDescription("not " + req.getApId()).asRuntimeException());
            return;
        }
        if (req.getPeriodMs() < 100 || req.getPhaseMs() >= req.getPeriodMs()) {
            out.onError(Status.INVALID_ARGUMENT.withDescription("period_ms/phase_ms").asRuntimeException());
            return;
        }
        schedules.subscribe(this, req.getPeriodMs(), req.getPhaseMs(), (ServerCallStreamObserver<ApStatus>) out);
    }
}
