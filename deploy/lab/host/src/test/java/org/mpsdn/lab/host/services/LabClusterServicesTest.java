package org.mpsdn.lab.host.services;

import org.junit.Test;
import org.mpsdn.impl.cluster.DomainOwnership;
import org.onosproject.cluster.LeadershipService;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Tests of the one-node leadership the lab host gives the app.
 */
public class LabClusterServicesTest {

    @Test
    public void aTopicRunForListsTheNodeAsItsCandidateAndTheAppDoesNotRunAgain() {
        LeadershipService l = LabClusterServices.leadership();
        String topic = DomainOwnership.topic("lab-test-domain");
        assertEquals(List.of(), l.getCandidates(topic));
        DomainOwnership owners = new DomainOwnership(l, LabClusterServices.cluster().getLocalNode().id(), d -> { });
        owners.runFor(Set.of("lab-test-domain"));
        assertEquals(List.of(LabClusterServices.cluster().getLocalNode().id()), l.getCandidates(topic));
        assertTrue(owners.owns("lab-test-domain"));
        assertEquals("no candidacy is run again while it stands", List.of(), owners.rejoinLost());
        owners.withdrawAll();
    }
}
