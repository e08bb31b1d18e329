package org.mpsdn.impl.weights.transport;

import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.AckResponse;
import org.mpsdn.client.v1.ClientPath;
import org.mpsdn.client.v1.ClientWeightsGrpc;
import org.mpsdn.client.v1.ReportResponse;
import org.mpsdn.client.v1.SubflowReport;
import org.mpsdn.client.v1.SubflowStats;
import org.mpsdn.client.v1.SubscribeRequest;
import org.mpsdn.client.v1.WeightUpdate;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.PathMeasurement;
import org.mpsdn.impl.weights.WeightPublisher;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The gRPC ClientWeights service: validates and authorises each request, then hands it to a
 * {@link WeightPublisher}. Must run behind {@link ClientAuthInterceptor}.
 */
public final class ClientWeightsService extends ClientWeightsGrpc.ClientWeightsImplBase {
    private final WeightPublisher publisher;
    private final AtomicLong rejectedSubflows = new AtomicLong();

    /**
     * Creates the service.
     *
     * @param publisher the publisher holding the weights
     */
    public ClientWeightsService(WeightPublisher publisher) {
        this.publisher = publisher;
    }

    /**
     * Returns how many subflow entries were dropped as malformed since start.
     *
     * @return count
     */
    public long rejectedSubflows() {
        return rejectedSubflows.get();
    }

    @Override
    public void subscribe(SubscribeRequest request, StreamObserver<WeightUpdate> responseObserver) {
        if (!admitted(Validation.checkSubscribe(request), request.getClientId(), responseObserver)) {
            return;
        }
        List<ClientPathInfo> paths = new ArrayList<>();
        for (ClientPath p : request.getPathsList()) {
            paths.add(new ClientPathInfo(p.getPathId(), p.getApId(), p.getAddressesList()));
        }
        String id = request.getClientId();
        if (responseObserver instanceof ServerCallStreamObserver) {
            ((ServerCallStreamObserver<WeightUpdate>) responseObserver)
                    .setOnCancelHandler(() -> publisher.unsubscribe(id, responseObserver));
        }
        publisher.register(id, paths, request.getReceiveBufferBytes());
        publisher.subscribe(id, responseObserver, request.getLastEpoch(), request.getLastVersion());
    }

    @Override
    public void ack(AckRequest request, StreamObserver<AckResponse> responseObserver) {
        if (!admitted(Validation.checkAck(request), request.getClientId(), responseObserver)
                || !registered(request.getClientId(), responseObserver)) {
            return;
        }
        boolean current = publisher.ack(request);
        responseObserver.onNext(AckResponse.newBuilder().setCurrent(current).build());
        responseObserver.onCompleted();
    }

    @Override
    public void reportSubflows(SubflowReport request, StreamObserver<ReportResponse> responseObserver) {
        String id = request.getClientId();
        String problem = Validation.isValidId(id) ? null : "client_id \"" + id + "\" is not a valid id";
        if (!admitted(problem, id, responseObserver) || !registered(id, responseObserver)) {
            return;
        }
        Set<String> known = new HashSet<>();
        for (ClientPathInfo p : publisher.paths(request.getClientId())) {
            known.add(p.pathId());
        }
        List<SubflowStats> good = new ArrayList<>();
        int rejected = 0;
        for (SubflowStats s : request.getSubflowsList()) {
            if (known.contains(s.getPathId())) {
                good.add(s);
            } else {
                rejected++;
            }
        }
        rejectedSubflows.addAndGet(rejected);
        publisher.report(request.getClientId(), aggregate(good), request.getReceiveBufferBytes());
        responseObserver.onNext(ReportResponse.newBuilder().setAccepted(good.size()).setRejected(rejected).build());
        responseObserver.onCompleted();
    }

    /**
     * Folds subflow stats into per-path measurements: the rate is the sum over the path's subflows (the agent's
     * measured rate, else the kernel's delivery rate); the RTT is the rate-weighted mean of the subflows that have
     * one (the plain mean when none carries data).
     *
     * @param subflows subflow stats with known path ids
     * @return path id to measurement
     */
    static Map<String, PathMeasurement> aggregate(List<SubflowStats> subflows) {
        Map<String, long[]> acc = new HashMap<>();
        for (SubflowStats s : subflows) {
            long rate = s.getMeasuredRateBps() > 0 ? s.getMeasuredRateBps() : s.getDeliveryRateBps();
            // [rate sum, (rate/1000)*srtt sum, rate/1000 sum, srtt sum, subflows with an srtt]
            long[] a = acc.computeIfAbsent(s.getPathId(), k -> new long[5]);
            a[0] += rate;
            long srtt = Integer.toUnsignedLong(s.getSrttUs());
            if (srtt > 0) {
                a[1] += rate / 1000 * srtt;
                a[2] += rate / 1000;
                a[3] += srtt;
                a[4]++;
            }
        }
        Map<String, PathMeasurement> out = new HashMap<>();
        for (Map.Entry<String, long[]> e : acc.entrySet()) {
            long[] a = e.getValue();
            long srtt = PathMeasurement.UNKNOWN;
            if (a[4] > 0) {
                srtt = a[2] > 0 ? a[1] / a[2] : a[3] / a[4];
            }
            out.put(e.getKey(), new PathMeasurement(srtt, a[0]));
        }
        return out;
    }

    /** Refuses a malformed request (INVALID_ARGUMENT) or one for another client; true when it may go on. */
    private static boolean admitted(String problem, String clientId, StreamObserver<?> observer) {
        if (problem != null) {
            observer.onError(Status.INVALID_ARGUMENT.withDescription(problem).asRuntimeException());
            return false;
        }
        return authorised(clientId, observer);
    }

    /** Refuses (FAILED_PRECONDITION) a request of a client that has not subscribed; true when it has. */
    private boolean registered(String clientId, StreamObserver<?> observer) {
        if (publisher.isRegistered(clientId)) {
            return true;
        }
        observer.onError(Status.FAILED_PRECONDITION.withDescription("client " + clientId + " has not subscribed")
                .asRuntimeException());
        return false;
    }

    private static boolean authorised(String clientId, StreamObserver<?> observer) {
        String caller = ClientAuthInterceptor.CLIENT_ID.get();
        if (caller == null || !caller.equals(clientId)) {
            observer.onError(Status.PERMISSION_DENIED
                    .withDescription("caller " + caller + " may not act for client " + clientId)
                    .asRuntimeException());
            return false;
        }
        return true;
    }
}
