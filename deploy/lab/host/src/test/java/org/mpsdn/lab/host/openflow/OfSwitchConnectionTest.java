package org.mpsdn.lab.host.openflow;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.Test;
import org.projectfloodlight.openflow.protocol.OFBadRequestCode;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFactory;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFMessageReader;
import org.projectfloodlight.openflow.protocol.OFPacketInReason;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.protocol.OFVersion;
import org.projectfloodlight.openflow.types.DatapathId;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The connection reads on while its listener is slow, as ONOS 2.7.0's channel handler does: PACKET_INs wait in a
 * queue of {@link OfSwitchConnection#DISPATCH_QUEUE_SIZE} messages and those beyond it are dropped and counted;
 * every other message is kept, and the listener sees them all in the switch's order.
 */
public class OfSwitchConnectionTest {
    private static final OFFactory F = OFFactories.getFactory(OFVersion.OF_13);

    /** The switch's side of the socket: answers the controller's handshake and barriers. */
    private static final class FakeSwitch {
        final Socket socket;
        final OutputStream out;

        FakeSwitch(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
            Thread t = new Thread(this::answer, "fake-switch");
            t.setDaemon(true);
            t.start();
        }

        void send(OFMessage m) throws IOException {
            ByteBuf b = Unpooled.buffer();
            m.writeTo(b);
            byte[] bytes = new byte[b.readableBytes()];
            b.readBytes(bytes);
            synchronized (out) {
                out.write(bytes);
                out.flush();
            }
        }

        private void answer() {
            OFMessageReader<OFMessage> reader = OFFactories.getGenericReader();
            try (DataInputStream in = new DataInputStream(socket.getInputStream())) {
                send(F.buildHello().setXid(1).build());
                while (true) {
                    byte[] h = new byte[8];
                    in.readFully(h);
                    byte[] m = new byte[((h[2] & 0xff) << 8) | (h[3] & 0xff)];
                    System.arraycopy(h, 0, m, 0, 8);
                    in.readFully(m, 8, m.length - 8);
                    reply(reader.readFrom(Unpooled.wrappedBuffer(m)));
                }
            } catch (Exception e) {
                // the test closed the socket
            }
        }

        private void reply(OFMessage m) throws IOException {
            if (m.getType() == OFType.FEATURES_REQUEST) {
                send(F.buildFeaturesReply().setXid(m.getXid()).setDatapathId(DatapathId.of(7)).build());
            } else if (m.getType() == OFType.STATS_REQUEST) {
                send(F.buildPortDescStatsReply().setXid(m.getXid()).build());
            } else if (m.getType() == OFType.BARRIER_REQUEST) {
                send(F.buildBarrierReply().setXid(m.getXid()).build());
            }
        }
    }

    private static OFMessage packetIn(long xid) {
        return F.buildPacketIn().setXid(xid).setReason(OFPacketInReason.ACTION).setTotalLen(60)
                .setData(new byte[60]).build();
    }

    private static void waitFor(String what, BooleanSupplier cond) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!cond.getAsBoolean()) {
            assertTrue("timed out waiting for " + what, System.nanoTime() < end);
            Thread.sleep(5);
        }
    }

    @Test(timeout = 60_000)
    public void aSlowListenerDoesNotStopTheReadingAndPacketInsBeyondTheQueueAreDropped() throws Exception {
        CountDownLatch ready = new CountDownLatch(1);
        CountDownLatch gone = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<OFMessage> seen = Collections.synchronizedList(new ArrayList<>());
        OfSwitchListener listener = new OfSwitchListener() {
            @Override
            public void switchReady(OfSwitchConnection sw) {
                ready.countDown();
            }

            @Override
            public void switchGone(OfSwitchConnection sw) {
                gone.countDown();
            }

            @Override
            public void message(OfSwitchConnection sw, OFMessage msg) {
                seen.add(msg);
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 1, lo); Socket sw = new Socket(lo, server.getLocalPort())) {
            OfSwitchConnection c = new OfSwitchConnection(server.accept(), listener);
            FakeSwitch fake = new FakeSwitch(sw);
            c.start();
            assertTrue("handshake", ready.await(20, TimeUnit.SECONDS));
            assertEquals(DatapathId.of(7), c.dpid());
            // the listener holds the first packet-in; the reader goes on reading the next ones
            fake.send(packetIn(100));
            waitFor("the first packet-in at the listener", () -> seen.size() == 1);
            int more = OfSwitchConnection.DISPATCH_QUEUE_SIZE + 300;
            for (int i = 1; i <= more; i++) {
                fake.send(packetIn(100 + i));
            }
            fake.send(F.errorMsgs().buildBadRequestErrorMsg().setXid(99).setCode(OFBadRequestCode.BAD_TYPE).build());
            waitFor("300 packet-ins dropped", () -> c.droppedPacketInCount() == 300);
            release.countDown();
            int kept = 1 + OfSwitchConnection.DISPATCH_QUEUE_SIZE;
            waitFor("every kept message at the listener", () -> seen.size() == kept + 1);
            for (int i = 0; i < kept; i++) {
                assertEquals(OFType.PACKET_IN, seen.get(i).getType());
                assertEquals(100 + i, seen.get(i).getXid());
            }
            assertEquals("the error is never dropped and comes last", 99, seen.get(kept).getXid());
            assertEquals(300, c.droppedPacketInCount());
            sw.close();
            assertTrue("switch gone", gone.await(20, TimeUnit.SECONDS));
        }
    }
}
