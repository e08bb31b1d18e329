package org.mpsdn.cli;

import org.junit.Test;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;

import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * mpsdn-ues says how each UE was found (issue 16).
 */
public class FormatTest {

    @Test
    public void ueLineSaysHowTheUeWasFound() {
        UeInfo detected = new UeInfo("auto-2", UeSource.DETECTED, "wifi", List.of(
                new UeConnection("lte", "10.0.2.2", "", -80, 34_000_000, 34_000_000, false, Tier.TIER2)));
        assertEquals(String.format("id=auto-2, registered=false, primary=wifi, found=detected%n"
                + "    ap=lte, ip=10.0.2.2, rssi=-80.0 dBm, phy(tx/rx)=34000000/34000000 bps, secondary, tier=TIER2"),
                Format.ue(detected));
        assertEquals("id=ue1, registered=true, primary=-, found=both",
                Format.ue(new UeInfo("ue1", UeSource.BOTH, null, List.of())));
        assertEquals("id=ip:10.0.1.7, registered=false, primary=-, found=station",
                Format.ue(new UeInfo("ip:10.0.1.7", false, null, List.of())));
    }
}
