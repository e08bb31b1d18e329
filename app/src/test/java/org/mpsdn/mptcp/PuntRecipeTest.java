package org.mpsdn.mptcp;

import org.junit.Test;
import org.mpsdn.mptcp.wire.TcpFlags;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The test punt model sends handshakes and endings up, never the data stream.
 */
public class PuntRecipeTest {
    @Test
    public void puntRecipeCoversHandshakeAndEndingsOnly() {
        assertTrue(PuntRecipe.punted(TcpFlags.SYN));
        assertTrue(PuntRecipe.punted(TcpFlags.SYN | TcpFlags.ACK));
        assertTrue(PuntRecipe.punted(TcpFlags.FIN | TcpFlags.ACK));
        assertTrue(PuntRecipe.punted(TcpFlags.RST));
        assertFalse(PuntRecipe.punted(TcpFlags.ACK));
        assertFalse(PuntRecipe.punted(TcpFlags.ACK | TcpFlags.PSH));
    }
}
