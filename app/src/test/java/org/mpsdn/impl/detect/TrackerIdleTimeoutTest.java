package org.mpsdn.impl.detect;

import org.junit.After;
import org.junit.Test;
import org.mpsdn.impl.Packets;
import org.mpsdn.impl.flow.FlowMatch;
import org.mpsdn.mptcp.MultipathUserTracker;
import org.onlab.packet.IPv4;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.IpAddress;
import org.onosproject.core.DefaultApplicationId;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The tracker's idle timeout setting and a detection running with a shortened one.
 */
public class TrackerIdleTimeoutTest {
    private static final String SERVER = "10.0.0.1";
    private final List<String> warnings = new ArrayList<>();
    private long now = 1_000_000;

    @After
    public void clearProperty() {
        System.clearProperty(TrackerIdleTimeout.PROPERTY);
    }

    @Test
    public void absentOrBlankGivesTheTenMinuteDefault() {
        assertEquals(600_000, MultipathUserTracker.DEFAULT_IDLE_TIMEOUT_MILLIS);
        assertEquals(600_000, TrackerIdleTimeout.parse(null, warnings::add));
        assertEquals(600_000, TrackerIdleTimeout.parse("  ", warnings::add));
        assertTrue(warnings.isEmpty());
    }

    @Test
    public void aValueAtOrAboveTheMinimumIsTaken() {
        assertEquals(30_000, TrackerIdleTimeout.parse("30000", warnings::add));
        assertEquals(3_600_000, TrackerIdleTimeout.parse(" 3600000 ", warnings::add));
        assertTrue(warnings.isEmpty());
    }

    @Test
    public void aBadValueKeepsTheDefaultAndSaysWhy() {
        assertEquals(600_000, TrackerIdleTimeout.parse("29999", warnings::add));
        assertEquals(600_000, TrackerIdleTimeout.parse("1m", warnings::add));
        assertEquals(600_000, TrackerIdleTimeout.parse("-60000", warnings::add));
        assertEquals(3, warnings.size());
        assertTrue(warnings.get(0), warnings.get(0).contains("below the minimum 30000"));
        assertTrue(warnings.get(1), warnings.get(1).contains("not a whole number"));
        assertTrue(warnings.get(1), warnings.get(1).startsWith(TrackerIdleTimeout.PROPERTY + "=1m"));
    }

    @Test
    public void theSystemPropertySetsIt() {
        System.setProperty(TrackerIdleTimeout.PROPERTY, "45000");
        assertEquals(45_000, TrackerIdleTimeout.fromSystem(warnings::add));
        System.clearProperty(TrackerIdleTimeout.PROPERTY);
        assertEquals(600_000, TrackerIdleTimeout.fromSystem(warnings::add));
    }

    @Test
    public void shortTimeoutKeepsAFlowWhoseCounterMovesAndExpiresAnEndedOne() {
        UserDetection d = new UserDetection(new DefaultApplicationId(1, "org.mpsdn.app"), () -> now, 30_000);
        open(d, "10.0.1.2", 40000);
        open(d, "10.0.1.3", 40001);
        assertEquals(2, users(d).size());
        for (int i = 0; i < 20; i++) {   // 100 s of flow statistics (every 5 s) for the first flow only
            now += 5_000;
            d.flowActive(new FlowMatch(IPv4.PROTOCOL_TCP, Ip4Address.valueOf(SERVER), 5201,
                    Ip4Address.valueOf("10.0.1.2"), 40000), now);
        }
        Map<IpAddress, String> byIp = users(d);
        assertTrue(byIp.containsKey(IpAddress.valueOf("10.0.1.2")));
        assertFalse(byIp.containsKey(IpAddress.valueOf("10.0.1.3")));
        assertEquals(1, byIp.size());
    }

    private Map<IpAddress, String> users(UserDetection d) {
        return d.detect(Map.of(), List.of(), now).ueByIp();
    }

    private void open(UserDetection d, String client, int port) {
        d.onPacket("wifi", Packets.tcp(client, port, SERVER, 5201, (short) 0x02).serialize(), now);
        d.onPacket("wifi", Packets.tcp(SERVER, 5201, client, port, (short) 0x12).serialize(), now);
    }
}
