package org.mpsdn.impl.weights;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.mpsdn.client.v1.WeightUpdate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.Assert.fail;

/**
 * Collects a client's weight stream in tests, waiting up to 5 s for what a test expects.
 */
public final class WeightSink implements StreamObserver<WeightUpdate> {
    private static final long WAIT_S = 5;

    private final BlockingQueue<WeightUpdate> updates = new LinkedBlockingQueue<>();
    private final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();

    @Override
    public void onNext(WeightUpdate value) {
        updates.add(value);
    }

    @Override
    public void onError(Throwable t) {
        errors.add(t);
    }

    @Override
    public void onCompleted() {
    }

    /**
     * Returns the next update, failing the test when none comes in time.
     *
     * @return the update
     * @throws InterruptedException when interrupted
     */
    public WeightUpdate next() throws InterruptedException {
        WeightUpdate u = updates.poll(WAIT_S, TimeUnit.SECONDS);
        if (u == null) {
            fail("no update within " + WAIT_S + " s; errors: " + errors);
        }
        return u;
    }

    /**
     * Returns the next update if one comes within a time.
     *
     * @param ms how long to wait in ms
     * @return the update, or null
     * @throws InterruptedException when interrupted
     */
    public WeightUpdate poll(long ms) throws InterruptedException {
        return updates.poll(ms, TimeUnit.MILLISECONDS);
    }

    /**
     * Returns the next update that matches, skipping others, failing the test when none comes in time.
     *
     * @param p what the update must satisfy
     * @return the update
     * @throws InterruptedException when interrupted
     */
    public WeightUpdate nextMatching(Predicate<WeightUpdate> p) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
        List<WeightUpdate> seen = new ArrayList<>();
        while (System.nanoTime() < end) {
            WeightUpdate u = updates.poll(100, TimeUnit.MILLISECONDS);
            if (u != null) {
                seen.add(u);
                if (p.test(u)) {
                    return u;
                }
            }
        }
        fail("no matching update within " + WAIT_S + " s; saw " + seen + "; errors: " + errors);
        return null;
    }

    /**
     * Returns the stream's error, failing the test when none comes in time.
     *
     * @return its status
     * @throws InterruptedException when interrupted
     */
    public Status error() throws InterruptedException {
        Throwable t = errors.poll(WAIT_S, TimeUnit.SECONDS);
        if (t == null) {
            fail("no error within " + WAIT_S + " s");
        }
        return Status.fromThrowable(t);
    }
}
