package org.mpsdn.impl.enb;

import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.mpsdn.enb.v1.Cluster;
import org.mpsdn.enb.v1.Discipline;
import org.mpsdn.enb.v1.SchedulingPolicy;

import java.util.Arrays;
import java.util.Collections;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests of {@link EnbPolicyPlanner}.
 */
public class EnbPolicyPlannerTest {

    @Test
    public void defaultClustersAUsersLinksWithMaxCiAndPfsBetween() {
        EnbPolicyPlanner.Plan plan = new EnbPolicyPlanner().plan(Arrays.asList(
                new EnbFlow("f1", "alice", "enb1", "ue-alice"),
                new EnbFlow("f2", "alice", "enb1", "ue-relay"),
                new EnbFlow("f3", "bob", "enb1", "ue-bob"),
                new EnbFlow("f4", "alice", "enb2", "ue-alice2")), 7);
        assertEquals(2, plan.policies().size());
        SchedulingPolicy p = plan.policies().get("enb1");
        assertEquals(7, p.getVersion());
        assertEquals(Discipline.DISCIPLINE_PFS, p.getInterCluster());
        assertEquals(2, p.getClustersCount());
        Cluster alice = p.getClusters(0);
        assertEquals("user:alice", alice.getClusterId());
        assertEquals(Arrays.asList("ue-alice", "ue-relay"), alice.getUeIdsList());
        assertEquals(Discipline.DISCIPLINE_MAX_CI, alice.getIntraCluster());
        assertEquals("user:bob", p.getClusters(1).getClusterId());
        assertEquals(Collections.singletonList("ue-alice2"), plan.policies().get("enb2").getClusters(0).getUeIdsList());
        assertTrue(plan.conflicts().isEmpty());
    }

    @Test
    public void operatorOverridesOneCluster() {
        EnbPolicyPlanner planner = new EnbPolicyPlanner(Discipline.DISCIPLINE_MAX_CI,
                Discipline.DISCIPLINE_ROUND_ROBIN, ImmutableMap.of("user:bob", Discipline.DISCIPLINE_PFS));
        SchedulingPolicy p = planner.plan(Arrays.asList(
                new EnbFlow("f1", "alice", "enb1", "a1"), new EnbFlow("f2", "alice", "enb1", "a2"),
                new EnbFlow("f3", "bob", "enb1", "b1"), new EnbFlow("f4", "bob", "enb1", "b2")), 1)
                .policies().get("enb1");
        assertEquals(Discipline.DISCIPLINE_ROUND_ROBIN, p.getInterCluster());
        assertEquals(Discipline.DISCIPLINE_MAX_CI, p.getClusters(0).getIntraCluster());
        assertEquals(Discipline.DISCIPLINE_PFS, p.getClusters(1).getIntraCluster());
    }

    @Test
    public void sharedUeLinkStaysWithFirstUserAndIsReported() {
        EnbPolicyPlanner.Plan plan = new EnbPolicyPlanner().plan(Arrays.asList(
                new EnbFlow("f1", "alice", "enb1", "relay"), new EnbFlow("f2", "alice", "enb1", "a"),
                new EnbFlow("f3", "bob", "enb1", "relay")), 1);
        SchedulingPolicy p = plan.policies().get("enb1");
        assertEquals(1, p.getClustersCount());
        assertEquals(Arrays.asList("a", "relay"), p.getClusters(0).getUeIdsList());
        assertEquals(1, plan.conflicts().size());
        assertTrue(plan.conflicts().get(0).contains("relay"));
    }

    @Test
    public void rejectsBadInput() {
        try {
            new EnbPolicyPlanner().plan(Collections.emptyList(), 0);
            fail("version 0 accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("version"));
        }
        try {
            new EnbPolicyPlanner(Discipline.DISCIPLINE_UNSPECIFIED, Discipline.DISCIPLINE_PFS,
                    Collections.emptyMap());
            fail("unspecified accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("defaultIntra"));
        }
        try {
            new EnbFlow("f", "u", "", "ue");
            fail("empty enb accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("enbId"));
        }
    }
}
