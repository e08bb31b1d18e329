package org.mpsdn.impl.steering;

import org.junit.Test;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.WeightMode;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Which steering intent applies per UE and per flow, and which submissions tie.
 */
public class SteeringPrecedenceTest {
    private static final TrafficDescriptor WEB = TrafficDescriptor.builder().protocol(TrafficDescriptor.TCP)
            .dstPorts(443, 443).build();
    private static final TrafficDescriptor VOICE = TrafficDescriptor.builder().protocol(TrafficDescriptor.UDP)
            .dscp(46).build();

    static MpsdnIntent intent(String id, String target, int precedence, SteeringMode mode, TrafficDescriptor t) {
        SteeringRule.Builder r = SteeringRule.builder().precedence(precedence).mode(mode).trafficDescriptor(t);
        if (mode == SteeringMode.ACTIVE_STANDBY) {
            r.activeAp("wifi1");
        } else if (mode == SteeringMode.LOAD_BALANCING) {
            r.autonomous(true);
        }
        return MpsdnIntent.builder().id(id).kind(IntentKind.STEERING).target(target).steering(r.build()).build();
    }

    private static final MpsdnIntent ALL = intent("all", "*", 100, SteeringMode.PRIORITY_BASED, null);
    private static final MpsdnIntent UE1 = intent("ue1", "ue1", 50, SteeringMode.ACTIVE_STANDBY, null);
    private static final MpsdnIntent UE1_WEB = intent("ue1-web", "ue1", 10, SteeringMode.SMALLEST_DELAY, WEB);
    private static final MpsdnIntent ALL_VOICE = intent("voice", "*", 5, SteeringMode.ACTIVE_STANDBY, VOICE);
    private static final MpsdnIntent WEIGHTS = MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS)
            .target("ue1").weightMode(WeightMode.AUTOMATIC).build();
    private static final List<MpsdnIntent> IN_FORCE = List.of(WEIGHTS, ALL, UE1, UE1_WEB, ALL_VOICE);

    @Test
    public void perUeTheLowestPrecedenceWithoutADescriptorApplies() {
        assertEquals(Optional.of(UE1), SteeringPrecedence.forUe(IN_FORCE, "ue1"));
        assertEquals(Optional.of(ALL), SteeringPrecedence.forUe(IN_FORCE, "ue2"));
        assertEquals(Optional.empty(), SteeringPrecedence.forUe(List.of(UE1_WEB, WEIGHTS), "ue1"));
        MpsdnIntent urgentAll = intent("urgent", "*", 1, SteeringMode.LOAD_BALANCING, null);
        assertEquals("a lower precedence for all UEs beats the UE's own", Optional.of(urgentAll),
                SteeringPrecedence.forUe(List.of(UE1, urgentAll), "ue1"));
    }

    @Test
    public void perFlowTheLowestMatchingPrecedenceApplies() {
        assertEquals(Optional.of(UE1_WEB), SteeringPrecedence.forFlow(IN_FORCE, "ue1", 6, "10.0.0.1", 443, 0));
        assertEquals(Optional.of(UE1), SteeringPrecedence.forFlow(IN_FORCE, "ue1", 6, "10.0.0.1", 80, 0));
        assertEquals(Optional.of(ALL_VOICE), SteeringPrecedence.forFlow(IN_FORCE, "ue1", 17, "10.0.0.1", 5000, 46));
        assertEquals(Optional.of(ALL), SteeringPrecedence.forFlow(IN_FORCE, "ue2", 6, "10.0.0.1", 443, 0));
        assertEquals("unknown DSCP: the voice intent does not match", Optional.of(UE1),
                SteeringPrecedence.forFlow(IN_FORCE, "ue1", 17, "10.0.0.1", 5000, TrafficDescriptor.ANY));
        assertEquals(Optional.empty(), SteeringPrecedence.forFlow(List.of(UE1_WEB), "ue1", 6, "10.0.0.1", 80, 0));
    }

    @Test
    public void overlappingIntentsWithTheSamePrecedenceTie() {
        MpsdnIntent sameAsAll = intent("other", "ue7", 100, SteeringMode.LOAD_BALANCING, null);
        Optional<String> tie = SteeringPrecedence.tie(IN_FORCE, sameAsAll);
        assertTrue(tie.isPresent());
        assertTrue(tie.get(), tie.get().startsWith("precedence: 100 is also the precedence of steering intent 'all'"));
        // the same precedence, flows that cannot meet: no tie
        MpsdnIntent udp = intent("udp", "ue1", 10, SteeringMode.PRIORITY_BASED, TrafficDescriptor.builder()
                .protocol(TrafficDescriptor.UDP).build());
        assertFalse(SteeringPrecedence.tie(IN_FORCE, udp).isPresent());
        // another UE, the same precedence as a UE-only intent: no tie
        assertFalse(SteeringPrecedence.tie(IN_FORCE, intent("ue2", "ue2", 50, SteeringMode.SMALLEST_DELAY, null))
                .isPresent());
        // a new version of the same intent never ties with itself
        assertFalse(SteeringPrecedence.tie(IN_FORCE, intent("ue1", "ue1", 50, SteeringMode.SMALLEST_DELAY, null))
                .isPresent());
        // all UEs at the precedence of a UE-only intent: tie
        assertTrue(SteeringPrecedence.tie(IN_FORCE, intent("x", "*", 50, SteeringMode.SMALLEST_DELAY, WEB))
                .isPresent());
    }

    @Test
    public void aTieThatExistsAnywayGoesToTheSmallerId() {
        MpsdnIntent a = intent("a", "ue1", 7, SteeringMode.ACTIVE_STANDBY, null);
        MpsdnIntent b = intent("b", "ue1", 7, SteeringMode.SMALLEST_DELAY, null);
        assertEquals(Optional.of(a), SteeringPrecedence.forUe(List.of(b, a), "ue1"));
    }
}
