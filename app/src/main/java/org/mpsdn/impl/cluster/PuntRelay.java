package org.mpsdn.impl.cluster;

import org.mpsdn.impl.config.ApSpec;
import org.mpsdn.impl.switches.PuntSink;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.store.cluster.messaging.ClusterCommunicationService;
import org.onosproject.store.cluster.messaging.MessageSubject;
import org.slf4j.Logger;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Brings every punted frame of a control domain to the one multipath-user tracker that groups the domain's
 * users: the owner's. Each instance receives the packet-ins of the switches it masters; a frame of an AP whose
 * domain another instance owns is sent to that owner in one message over ONOS's
 * {@link ClusterCommunicationService} (AP id, time, the frame as the switch sent it), and the owner feeds it to
 * its tracker as if its own switch had punted it. A frame of a domain this instance owns, or whose owner is not
 * known (no leader elected yet), is fed here.
 * <p>
 * One message per punted packet of a switch the owner does not master, and none otherwise; a shared token index
 * would cost a replicated map write per connection plus its removal, and still leave the owner to read it.
 */
public final class PuntRelay implements PuntSink {
    /** Subject of the punted-frame messages. */
    public static final MessageSubject SUBJECT = new MessageSubject("org.mpsdn.punted-frame");

    private final Logger log = getLogger(getClass());
    private final ClusterCommunicationService messaging;
    private final LeadershipService leadership;
    private final NodeId local;
    private final FrameFeed tracker;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private ExecutorService executor;

    /**
     * Creates the relay (nothing is received before {@link #activate}).
     *
     * @param messaging  ONOS's cluster messaging
     * @param leadership ONOS leadership (the owner of a domain is the leader of its topic)
     * @param local      this instance's node id
     * @param tracker    feeds a frame to this instance's tracker
     */
    public PuntRelay(ClusterCommunicationService messaging, LeadershipService leadership, NodeId local,
                     FrameFeed tracker) {
        this.messaging = messaging;
        this.leadership = leadership;
        this.local = local;
        this.tracker = tracker;
    }

    /** Subscribes to the frames other instances send here. */
    public void activate() {
        executor = Executors.newSingleThreadExecutor(groupedThreads("mpsdn/detect", "relay-%d", log));
        messaging.addSubscriber(SUBJECT, PuntRelay::decode, this::receive, executor);
    }

    /** Unsubscribes. */
    public void deactivate() {
        messaging.removeSubscriber(SUBJECT);
        if (executor != null) {
            executor.shutdownNow();
        }
    }

    @Override
    public void punted(ApSpec ap, byte[] frame, long nowMillis) {
        NodeId owner = leadership.getLeader(DomainOwnership.topic(ap.domain()));
        if (owner == null || owner.equals(local)) {
            tracker.feed(ap.id(), frame, nowMillis);
            return;
        }
        sent.incrementAndGet();
        messaging.unicast(new Punt(ap.id(), frame, nowMillis), SUBJECT, PuntRelay::encode, owner)
                .whenComplete((ok, error) -> {
                    if (error != null) {
                        failed.incrementAndGet();
                        log.debug("Punted frame of {} not delivered to {}: {}", ap.id(), owner, error.toString());
                    }
                });
    }

    private void receive(Punt p) {
        received.incrementAndGet();
        tracker.feed(p.apId, p.frame, p.millis);
    }

    /** @return frames sent to other instances, received from them, and not delivered, so far */
    public long[] counters() {
        return new long[]{sent.get(), received.get(), failed.get()};
    }

    /** Where a frame goes in this instance: its multipath-user tracker. */
    @FunctionalInterface
    public interface FrameFeed {
        /**
         * Feeds a punted frame.
         *
         * @param apId      AP whose switch punted it
         * @param frame     the frame as the switch sent it
         * @param nowMillis when it was punted
         */
        void feed(String apId, byte[] frame, long nowMillis);
    }

    /** One punted frame. */
    private static final class Punt {
        final String apId;
        final byte[] frame;
        final long millis;

        Punt(String apId, byte[] frame, long millis) {
            this.apId = apId;
            this.frame = frame;
            this.millis = millis;
        }
    }

    private static byte[] encode(Punt p) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(p.frame.length + 32);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(p.apId);
            out.writeLong(p.millis);
            out.writeInt(p.frame.length);
            out.write(p.frame);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static Punt decode(byte[] message) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(message))) {
            String apId = in.readUTF();
            long millis = in.readLong();
            byte[] frame = new byte[in.readInt()];
            in.readFully(frame);
            return new Punt(apId, frame, millis);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
