package org.mpsdn.impl;

import org.junit.Test;
import org.mpsdn.core.Profile;
import org.mpsdn.core.RegulationParameters;
import org.mpsdn.impl.decide.EngineParams;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The profile property: mpsdn by default, paper on request, anything else rejected and the value
 * in force kept; the cycle's parameters carry it.
 */
public class RegulationPropertiesProfileTest {

    @Test
    public void defaultIsMpsdnAndPaperCanBeChosen() {
        RegulationProperties d = RegulationProperties.defaults();
        assertEquals(Profile.MPSDN, d.profile());
        assertEquals(Profile.MPSDN, EngineParams.of(d).profile());
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.PROFILE, "paper");
        RegulationProperties paper = RegulationProperties.read(props, d);
        assertEquals(Profile.PAPER, paper.profile());
        assertEquals(Profile.PAPER, EngineParams.of(paper).profile());
        props.put(OsgiPropertyConstants.PROFILE, "mpsdn");
        RegulationProperties p = RegulationProperties.read(props, paper);
        assertEquals(Profile.MPSDN, p.profile());
        assertEquals(Profile.MPSDN, EngineParams.of(p).profile());
        assertEquals(p.cth(), EngineParams.of(p).cth(), 0.0);
        assertEquals(Profile.PAPER, new EngineParams(0.85, 0.5, 100, "priority").profile());
    }

    @Test
    public void tier1ThresholdDefaultsToTheLabsChoiceAndReachesTheCycle() {
        RegulationProperties d = RegulationProperties.defaults();
        assertEquals(0.4, d.tier1Threshold(), 0.0);
        assertEquals(RegulationParameters.DEFAULT_TIER1_THRESHOLD, OsgiPropertyConstants.TIER1_THRESHOLD_DEFAULT,
                0.0);
        assertEquals(0.4, EngineParams.of(d).tier1Threshold(), 0.0);
        assertEquals(0.4, new EngineParams(0.85, 0.5, 100, "priority").tier1Threshold(), 0.0);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.TIER1_THRESHOLD, "0.55");
        RegulationProperties p = RegulationProperties.read(props, d);
        assertEquals(0.55, p.tier1Threshold(), 0.0);
        assertEquals(0.55, EngineParams.of(p, Optional.of(Profile.PAPER)).tier1Threshold(), 0.0);
        assertEquals(0.85, p.cth(), 0.0);
        props.put(OsgiPropertyConstants.TIER1_THRESHOLD, "0");
        List<String> errors = new ArrayList<>();
        assertEquals(0.55, RegulationProperties.read(props, p, errors).tier1Threshold(), 0.0);
        assertEquals(1, errors.size());
        assertTrue(errors.get(0), errors.get(0).startsWith("tier1Threshold: "));
    }

    @Test
    public void anUnknownProfileKeepsTheOneInForce() {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.PROFILE, "paper");
        RegulationProperties paper = RegulationProperties.read(props, RegulationProperties.defaults());
        props.put(OsgiPropertyConstants.PROFILE, "fast");
        List<String> errors = new ArrayList<>();
        assertEquals(Profile.PAPER, RegulationProperties.read(props, paper, errors).profile());
        assertEquals(List.of("profile: must be one of [mpsdn, paper], was 'fast'"), errors);
    }

    @Test
    public void hysteresisIsAPropertyThatReachesTheCycle() {
        RegulationProperties d = RegulationProperties.defaults();
        assertEquals("the paper's primary choice by default", 0.0, d.hysteresis(), 0.0);
        assertEquals(0.0, EngineParams.of(d).hysteresis(), 0.0);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.HYSTERESIS, "0.3");
        RegulationProperties p = RegulationProperties.read(props, d);
        assertEquals(0.3, p.hysteresis(), 0.0);
        assertEquals(0.3, EngineParams.of(p, Optional.of(Profile.PAPER)).hysteresis(), 0.0);
        for (String bad : List.of("-0.1", "10.5", "NaN", "wide")) {
            props.put(OsgiPropertyConstants.HYSTERESIS, bad);
            List<String> errors = new ArrayList<>();
            assertEquals(bad, 0.3, RegulationProperties.read(props, p, errors).hysteresis(), 0.0);
            assertEquals(1, errors.size());
            assertTrue(errors.get(0), errors.get(0).startsWith("hysteresis: "));
        }
    }
}
