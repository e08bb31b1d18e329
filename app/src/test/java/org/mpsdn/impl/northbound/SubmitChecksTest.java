package org.mpsdn.impl.northbound;

import org.junit.Test;
import org.mpsdn.api.model.ApKind;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.impl.config.ApSpec;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * A steering intent must name a known UE (or all UEs) and configured APs, and must not tie with
 * an intent in force.
 */
public class SubmitChecksTest {
    private static final List<ApSpec> APS = List.of(ap("wifi1", ApKind.WIFI, 1), ap("lte1", ApKind.LTE, 2));

    private static ApSpec ap(String id, ApKind kind, int n) {
        return new ApSpec(id, kind, DeviceId.deviceId("of:000000000000000" + n), PortNumber.portNumber(1),
                PortNumber.portNumber(2), 54000, "10.0.0." + n + ":50051", Set.of(Direction.DOWNLINK),
                OptionalDouble.empty(), OptionalDouble.empty(), OptionalLong.empty());
    }

    private static MpsdnIntent steering(String id, String target, SteeringRule.Builder r) {
        return MpsdnIntent.builder().id(id).kind(IntentKind.STEERING).target(target).steering(r.build()).build();
    }

    private static void rejected(MpsdnIntent i, List<MpsdnIntent> existing, String prefix) {
        try {
            SubmitChecks.check(i, APS, () -> Set.of("ue1", "ue2"), existing);
            fail("accepted " + i);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith(prefix));
        }
    }

    @Test
    public void steeringNamesWhatExistsAndDoesNotTie() {
        SteeringRule.Builder as = SteeringRule.builder().precedence(5).mode(SteeringMode.ACTIVE_STANDBY)
                .activeAp("wifi1");
        MpsdnIntent ok = steering("s1", "ue1", as);
        SubmitChecks.check(ok, APS, () -> Set.of("ue1"), List.of());
        SubmitChecks.check(steering("s2", "*", as), APS, Set::of, List.of());
        rejected(steering("s1", "ghost", as), List.of(), "target: unknown UE 'ghost'");
        rejected(steering("s1", "ue1", SteeringRule.builder().precedence(5).mode(SteeringMode.ACTIVE_STANDBY)
                .activeAp("wifi9")), List.of(), "steering.activeAp: unknown AP 'wifi9'");
        rejected(steering("s1", "ue1", SteeringRule.builder().precedence(5).mode(SteeringMode.LOAD_BALANCING)
                .share("wifi1", 60).share("wifi9", 40)), List.of(), "steering.shares.wifi9: unknown AP");
        rejected(steering("s3", "*", SteeringRule.builder().precedence(5).mode(SteeringMode.PRIORITY_BASED)),
                List.of(ok), "precedence: 5 is also the precedence of steering intent 's1'");
        SubmitChecks.check(steering("s3", "ue2", SteeringRule.builder().precedence(5)
                .mode(SteeringMode.PRIORITY_BASED)), APS, () -> Set.of("ue2"), List.of(ok));
    }
}
