package org.mpsdn.core.model;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.core.Nets;

import static org.junit.Assert.assertEquals;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * Snapshot indexing, malformed data and model validation.
 */
public class NetworkSnapshotTest {

    @Test
    public void indexesAndDropsMalformedData() {
        Nets n = new Nets().wifi("W2", 1_000_000).wifi("W1", 1_000_000).ue("U", true)
                .conn("U", "W1", -50, 54_000_000).conn("U", "W2", -60, 24_000_000)
                .conn("U", "nowhere", -60, 24_000_000).conn("ghost", "W1", -60, 24_000_000)
                .tcpDown("U", "W1").tcpDown("U", "W2").tcpDown("U", "W3").tcpDown("nobody", "W1");
        NetworkSnapshot s = n.build();
        assertEquals("W1", s.ap(0).id());
        assertEquals(1, s.apIndex("W2"));
        assertEquals(-1, s.apIndex("W3"));
        assertEquals(2, s.connectionCount());
        assertEquals(2, s.droppedConnections());
        assertEquals(2, s.flowCount());
        assertEquals(2, s.droppedFlows());
        assertEquals(2, s.ueConnectionCount(0));
        assertEquals(1, s.apConnectionCount(0));
        int c = s.flowConnection(1);
        assertEquals("W2", s.connection(c).apId());
        assertEquals(1, s.connectionAp(c));
    }

    @Test
    public void duplicatesAreRejected() {
        assertEquals("duplicate access point id \"A\"", assertThrows(IllegalArgumentException.class,
                () -> new Nets().wifi("A", 1).lte("A", 1).build()).getMessage());
        assertEquals("duplicate user equipment id \"U\"", assertThrows(IllegalArgumentException.class,
                () -> new Nets().ue("U", true).ue("U", false).build()).getMessage());
        assertEquals("duplicate connection U@A", assertThrows(IllegalArgumentException.class,
                () -> new Nets().wifi("A", 1).ue("U", true).conn("U", "A", -50, 1).conn("U", "A", -60, 2)
                        .build()).getMessage());
    }

    @Test
    public void modelValidation() {
        assertEquals("capacityBps must be in [1, 10000000000000], was 0", assertThrows(
                IllegalArgumentException.class, () -> new AccessPoint("a", ApKind.WIFI, 0)).getMessage());
        assertEquals("id must be a non-blank string, was \" \"", assertThrows(
                IllegalArgumentException.class, () -> new AccessPoint(" ", ApKind.WIFI, 1)).getMessage());
        assertEquals("rssiDbm must be in [-150, 0], was 10", assertThrows(
                IllegalArgumentException.class, () -> new Connection("u", "a", 10, 1)).getMessage());
        assertEquals("phyRateBps must be in [1, 10000000000000], was -5", assertThrows(
                IllegalArgumentException.class, () -> new Connection("u", "a", -50, -5)).getMessage());
        assertEquals("bytes must be in [0, 9223372036854775807], was -1", assertThrows(
                IllegalArgumentException.class, () -> new Flow(FlowKey.of("10.0.0.1", 1, "10.0.0.2", 2, 6),
                        Direction.DOWNLINK, "u", "a", -1, 0, false)).getMessage());
        assertEquals("direction must not be null", assertThrows(IllegalArgumentException.class,
                () -> new Flow(FlowKey.of("10.0.0.1", 1, "10.0.0.2", 2, 6), null, "u", "a", 0, 0, false))
                .getMessage());
    }

    @Test
    public void flowKeyParsesLiteralsOnly() {
        FlowKey k = FlowKey.of("10.0.0.1", 5000, "2001:db8::1", 443, 6);
        assertEquals(Protocol.TCP, k.protocol());
        assertEquals(k, k.reverse().reverse());
        assertEquals(443, k.reverse().srcPort());
        assertEquals(Protocol.UDP, FlowKey.of("10.0.0.1", 1, "10.0.0.2", 2, 17).protocol());
        assertEquals(Protocol.OTHER, FlowKey.of("10.0.0.1", 0, "10.0.0.2", 0, 1).protocol());
        for (String bad : new String[]{"example.com", "10.0.0", "1", "10.0.0.256", "", "10.0.0.1.2", "::g"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> FlowKey.of(bad, 1, "10.0.0.2", 2, 6));
            assertEquals("srcIp must be an IPv4 or IPv6 literal, was \"" + bad + "\"", e.getMessage());
        }
        assertEquals("dstPort must be in [0, 65535], was 70000", assertThrows(IllegalArgumentException.class,
                () -> FlowKey.of("10.0.0.1", 1, "10.0.0.2", 70000, 6)).getMessage());
        assertEquals("ipProtocol must be in [0, 255], was 300", assertThrows(IllegalArgumentException.class,
                () -> FlowKey.of("10.0.0.1", 1, "10.0.0.2", 2, 300)).getMessage());
    }
}
