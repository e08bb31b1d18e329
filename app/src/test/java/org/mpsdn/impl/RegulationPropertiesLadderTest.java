package org.mpsdn.impl;

import org.junit.Test;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * The meter ladder's ratio property: 2^(1/4) by default (four rungs to a halving), 1 turns the ladder off,
 * [1.1, 4] otherwise; anything else is rejected with the property's name and the value in force kept.
 */
public class RegulationPropertiesLadderTest {

    private static RegulationProperties read(String value, RegulationProperties previous, List<String> errors) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(OsgiPropertyConstants.METER_LADDER_RATIO, value);
        return RegulationProperties.read(props, previous, errors);
    }

    @Test
    public void defaultIsTheFourthRootOfTwoAndOneOrARatioInRangeIsAccepted() {
        RegulationProperties d = RegulationProperties.defaults();
        assertEquals(Math.pow(2, 0.25), d.meterLadderRatio(), 1e-12);
        assertEquals("four rungs to a halving", 2.0, Math.pow(d.meterLadderRatio(), 4), 1e-12);
        List<String> errors = new ArrayList<>();
        assertEquals(1.0, read("1", d, errors).meterLadderRatio(), 0.0);
        assertEquals(2.0, read("2", d, errors).meterLadderRatio(), 0.0);
        assertEquals(1.1, read("1.1", d, errors).meterLadderRatio(), 0.0);
        assertEquals(4.0, read("4", d, errors).meterLadderRatio(), 0.0);
        assertEquals(List.of(), errors);
    }

    @Test
    public void aRatioOutsideTheRangeKeepsTheOneInForce() {
        RegulationProperties two = read("2", RegulationProperties.defaults(), new ArrayList<>());
        for (String bad : List.of("1.05", "0.5", "4.5", "x")) {
            List<String> errors = new ArrayList<>();
            assertEquals(bad, 2.0, read(bad, two, errors).meterLadderRatio(), 0.0);
            assertEquals(bad + ": " + errors, 1, errors.size());
            assertEquals(errors.get(0), true, errors.get(0).startsWith("meterLadderRatio: "));
        }
    }
}
