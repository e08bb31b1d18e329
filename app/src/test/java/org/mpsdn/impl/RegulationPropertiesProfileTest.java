package org.mpsdn.impl;

import org.junit.Test;
import org.mpsdn.core.Profile;
import org.mpsdn.impl.decide.EngineParams;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * The profile property: paper by default, mpsdn on request, anything else rejected and the value
 * in force kept; the cycle's parameters carry it.
 */
public class RegulationPropertiesProfileTest {

    @Test
    public void defaultIsPaperAndMpsdnCanBeChosen() {
        RegulationProperties d = RegulationProperties.defaults();
        assertEquals(Profile.PAPER, d.profile());
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.PROFILE, "mpsdn");
        RegulationProperties p = RegulationProperties.read(props, d);
        assertEquals(Profile.MPSDN, p.profile());
        assertEquals(Profile.MPSDN, EngineParams.of(p).profile());
        assertEquals(p.cth(), EngineParams.of(p).cth(), 0.0);
        assertEquals(Profile.PAPER, new EngineParams(0.85, 0.5, 100, "priority").profile());
    }

    @Test
    public void anUnknownProfileKeepsTheOneInForce() {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.PROFILE, "mpsdn");
        RegulationProperties mpsdn = RegulationProperties.read(props, RegulationProperties.defaults());
        props.put(OsgiPropertyConstants.PROFILE, "fast");
        List<String> errors = new ArrayList<>();
        assertEquals(Profile.MPSDN, RegulationProperties.read(props, mpsdn, errors).profile());
        assertEquals(List.of("profile: must be one of [mpsdn, paper], was 'fast'"), errors);
    }
}
