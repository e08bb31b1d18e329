package org.mpsdn.gui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.NorthboundService;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.packet.IpAddress;
import org.onosproject.net.Host;
import org.onosproject.net.host.HostService;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.TopoJson;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Server side of the overlay: on {@value #START} (payload {@code {"mode": "occupancy"|"connections"}})
 * it sends the highlights now and every {@value #REFRESH_MS} ms until {@value #STOP}; {@value #REFRESH}
 * sends them once more.
 */
public class MpsdnTopoMessageHandler extends UiMessageHandler {
    /** Start event. */
    static final String START = "mpsdnTopovStart";
    /** Stop event. */
    static final String STOP = "mpsdnTopovStop";
    /** Refresh event. */
    static final String REFRESH = "mpsdnTopovRefresh";
    /** Refresh period while a mode is on. */
    static final long REFRESH_MS = 2000;

    private final Logger log = getLogger(getClass());

    private NorthboundService northbound;
    private HostService hostService;
    private ScheduledExecutorService timer;
    private ScheduledFuture<?> task;
    private volatile String mode;

    @Override
    public void init(UiConnection connection, ServiceDirectory directory) {
        super.init(connection, directory);
        northbound = directory.get(NorthboundService.class);
        hostService = directory.get(HostService.class);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mpsdn-topov");
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void destroy() {
        cancel();
        if (timer != null) {
            timer.shutdownNow();
        }
        super.destroy();
    }

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return List.of(new StartHandler(), new StopHandler(), new RefreshHandler());
    }

    /**
     * The highlights for the current mode (empty when stopped).
     *
     * @return highlights
     */
    Highlights highlights() {
        String m = mode;
        if (m == null) {
            return new Highlights();
        }
        return OverlayHighlights.build(northbound.aps(), northbound.ues(), this::hostOf, "connections".equals(m));
    }

    private Optional<Host> hostOf(String ip) {
        try {
            Set<Host> hosts = hostService.getHostsByIp(IpAddress.valueOf(ip));
            return hosts == null ? Optional.empty() : hosts.stream().findFirst();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private void send() {
        try {
            sendMessage(TopoJson.highlightsMessage(highlights()));
        } catch (RuntimeException e) {
            log.warn("mpsdn overlay update failed: {}", e.getMessage());
        }
    }

    private synchronized void cancel() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
    }

    private final class StartHandler extends RequestHandler {
        StartHandler() {
            super(START);
        }

        @Override
        public void process(ObjectNode payload) {
            String m = string(payload, "mode", "occupancy");
            mode = "connections".equals(m) ? "connections" : "occupancy";
            send();
            synchronized (MpsdnTopoMessageHandler.this) {
                if (task == null) {
                    task = timer.scheduleWithFixedDelay(MpsdnTopoMessageHandler.this::send, REFRESH_MS, REFRESH_MS,
                            TimeUnit.MILLISECONDS);
                }
            }
        }
    }

    private final class StopHandler extends RequestHandler {
        StopHandler() {
            super(STOP);
        }

        @Override
        public void process(ObjectNode payload) {
            mode = null;
            cancel();
            send();
        }
    }

    private final class RefreshHandler extends RequestHandler {
        RefreshHandler() {
            super(REFRESH);
        }

        @Override
        public void process(ObjectNode payload) {
            send();
        }
    }
}
