package org.mpsdn.mptcp;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Minimal reader of classic libpcap files and streams (tcpdump -w), Ethernet link type only.
 */
public final class PcapReader implements AutoCloseable {
    /** One captured frame. */
    public static final class Record {
        /** Capture time in microseconds. */
        public final long micros;
        /** The captured bytes. */
        public final byte[] frame;

        Record(long micros, byte[] frame) {
            this.micros = micros;
            this.frame = frame;
        }
    }

    private static final int MAGIC_MICROS = 0xa1b2c3d4;
    private static final int MAGIC_NANOS = 0xa1b23c4d;
    private static final int LINKTYPE_ETHERNET = 1;

    private final DataInputStream in;
    private final ByteOrder order;
    private final boolean nanos;

    PcapReader(InputStream in) throws IOException {
        this.in = new DataInputStream(in);
        byte[] hdr = new byte[24];
        this.in.readFully(hdr);
        int be = ByteBuffer.wrap(hdr, 0, 4).order(ByteOrder.BIG_ENDIAN).getInt();
        int le = ByteBuffer.wrap(hdr, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        if (be == MAGIC_MICROS || be == MAGIC_NANOS) {
            order = ByteOrder.BIG_ENDIAN;
            nanos = be == MAGIC_NANOS;
        } else if (le == MAGIC_MICROS || le == MAGIC_NANOS) {
            order = ByteOrder.LITTLE_ENDIAN;
            nanos = le == MAGIC_NANOS;
        } else {
            throw new IOException("not a pcap file: magic " + Integer.toHexString(be));
        }
        int link = ByteBuffer.wrap(hdr, 20, 4).order(order).getInt();
        if (link != LINKTYPE_ETHERNET) {
            throw new IOException("pcap link type " + link + ", want 1 (Ethernet)");
        }
    }

    /** Returns the next record, or null at end of stream. */
    Record next() throws IOException {
        byte[] rh = new byte[16];
        try {
            in.readFully(rh);
        } catch (EOFException e) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(rh).order(order);
        long sec = b.getInt() & 0xffffffffL;
        long frac = b.getInt() & 0xffffffffL;
        int incl = b.getInt();
        if (incl < 0 || incl > 262144) {
            throw new IOException("bad pcap record length " + incl);
        }
        byte[] frame = new byte[incl];
        in.readFully(frame);
        return new Record(sec * 1_000_000L + (nanos ? frac / 1000 : frac), frame);
    }

    /**
     * Reads every record of a capture.
     *
     * @param in pcap stream
     * @return records in file order
     * @throws IOException if the stream is not a pcap of Ethernet frames
     */
    public static List<Record> readAll(InputStream in) throws IOException {
        List<Record> out = new ArrayList<>();
        try (PcapReader r = new PcapReader(in)) {
            for (Record rec = r.next(); rec != null; rec = r.next()) {
                out.add(rec);
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
