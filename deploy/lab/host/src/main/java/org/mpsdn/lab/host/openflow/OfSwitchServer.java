package org.mpsdn.lab.host.openflow;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Accepts OpenFlow switch connections on a TCP port (loopback by default).
 */
public final class OfSwitchServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OfSwitchServer.class);

    private final ServerSocket server;
    private final OfSwitchListener listener;

    /**
     * Binds the listening socket.
     *
     * @param bind     address to bind (loopback in the lab)
     * @param port     TCP port (0 picks a free one)
     * @param listener receiver of switch events
     * @throws IOException if the port cannot be bound
     */
    public OfSwitchServer(InetAddress bind, int port, OfSwitchListener listener) throws IOException {
        this.server = new ServerSocket();
        this.server.setReuseAddress(true);
        this.server.bind(new InetSocketAddress(bind, port));
        this.listener = listener;
    }

    /**
     * The bound port.
     *
     * @return port number
     */
    public int port() {
        return server.getLocalPort();
    }

    /**
     * Starts the accept thread.
     */
    public void start() {
        Thread t = new Thread(this::acceptLoop, "of-accept");
        t.setDaemon(true);
        t.start();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                LOG.info("switch connected from {}", s.getRemoteSocketAddress());
                new OfSwitchConnection(s, listener).start();
            } catch (IOException e) {
                if (!server.isClosed()) {
                    LOG.warn("accept failed: {}", e.toString());
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
