package org.mpsdn.impl.steering;

import org.junit.Test;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.TrafficDescriptor;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.client.v1.AckRequest;
import org.mpsdn.client.v1.PathApplied;
import org.mpsdn.client.v1.WeightUpdate;
import org.mpsdn.impl.weights.ClientPathInfo;
import org.mpsdn.impl.weights.RegulationInput;
import org.mpsdn.impl.weights.WeightPublisher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.mpsdn.impl.steering.SteeringPrecedenceTest.intent;

/**
 * The steering installer applies the governing intent of each UE through the client weights and
 * reports per UE what applies, waiting for the agent's acknowledgement.
 */
public class SteeringInstallerTest {
    private final List<MpsdnIntent> book = new ArrayList<>();
    private final WeightPublisher publisher = new WeightPublisher(7, () -> 0);
    private final AtomicLong now = new AtomicLong(1000);
    private final SteeringInstaller installer = new SteeringInstaller(() -> List.copyOf(book),
            () -> List.of("ue1", "ue2"), () -> publisher, () -> RegulationInput.NONE, now::get);

    private void ack(String client) {
        WeightUpdate cur = publisher.current(client).orElseThrow();
        AckRequest.Builder a = AckRequest.newBuilder().setClientId(client).setEpoch(cur.getEpoch())
                .setVersion(cur.getVersion());
        cur.getWeightsList().forEach(w -> a.addPaths(PathApplied.newBuilder().setPathId(w.getPathId()).setOk(true)));
        publisher.ack(a.build());
    }

    @Test
    public void activeStandbyIsInstalledWhenTheAgentAcknowledges() {
        publisher.register("ue1", List.of(new ClientPathInfo("wlan0", "wifi1", List.of()),
                new ClientPathInfo("lte0", "lte1", List.of())), 0);
        MpsdnIntent as = intent("as", "ue1", 5, SteeringMode.ACTIVE_STANDBY, null);
        book.add(as);
        CompletableFuture<InstallOutcome> f = installer.install(as).toCompletableFuture();
        installer.evaluate();
        assertFalse("waits for the agent", f.isDone());
        assertEquals(0, publisher.current("ue1").orElseThrow().getWeights(1).getWeight());
        ack("ue1");
        installer.evaluate();
        InstallOutcome o = f.join();
        assertTrue(o.toString(), o.isAcknowledged());
        String ue1 = o.applied().get("ue1");
        assertTrue(ue1, ue1.contains("MP_PRIO backup on lte0") && ue1.endsWith("acknowledged"));
        // withdrawn: the client goes back to automatic weights
        book.clear();
        installer.uninstall(as);
        installer.evaluate();
        assertEquals(1000, publisher.current("ue1").orElseThrow().getWeights(1).getWeight());
    }

    @Test
    public void aClientWithoutAgentIsNotAppliedAndSaysWhy() {
        MpsdnIntent all = intent("all", "*", 9, SteeringMode.LOAD_BALANCING, null).toBuilder()
                .steering(org.mpsdn.api.northbound.SteeringRule.builder().precedence(9)
                        .mode(SteeringMode.LOAD_BALANCING).share("wifi1", 70).share("lte1", 30).build()).build();
        book.add(all);
        CompletableFuture<InstallOutcome> f = installer.install(all).toCompletableFuture();
        installer.evaluate();
        InstallOutcome o = f.join();
        assertFalse(o.isAcknowledged());
        assertEquals("not applied on ue1, ue2 (see applied)", o.reason());
        assertTrue(o.applied().get("ue2"), o.applied().get("ue2").startsWith("not applied: no client agent"));
    }

    @Test
    public void shadowedPerFlowAndWeightsIntentsAreNamed() {
        MpsdnIntent all = intent("all", "*", 100, SteeringMode.PRIORITY_BASED, null);
        MpsdnIntent ue2 = intent("ue2", "ue2", 50, SteeringMode.PRIORITY_BASED, null);
        MpsdnIntent web = intent("web", "ue1", 10, SteeringMode.PRIORITY_BASED, TrafficDescriptor.builder()
                .protocol(TrafficDescriptor.TCP).dstPorts(443, 443).build());
        MpsdnIntent weights = MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS).target("ue1")
                .weightMode(WeightMode.AUTOMATIC).build();
        book.addAll(List.of(all, ue2, web, weights));
        CompletableFuture<InstallOutcome> fAll = installer.install(all).toCompletableFuture();
        CompletableFuture<InstallOutcome> fWeb = installer.install(web).toCompletableFuture();
        installer.evaluate();
        Map<String, String> a = fAll.join().applied();
        assertEquals("shadowed by steering intent ue2 (precedence 50)", a.get("ue2"));
        assertTrue(a.get("ue1"), a.get("ue1").startsWith("not applied: client weights intent w"));
        assertTrue(fWeb.join().applied().get("ue1").startsWith("not applied: per-flow steering"));
    }

    @Test
    public void anUnacknowledgedInstallFailsAfterTheTimeoutAndRecoversLater() {
        publisher.register("ue1", List.of(new ClientPathInfo("wlan0", "wifi1", List.of()),
                new ClientPathInfo("lte0", "lte1", List.of())), 0);
        MpsdnIntent as = intent("as", "ue1", 5, SteeringMode.ACTIVE_STANDBY, null);
        book.add(as);
        CompletableFuture<InstallOutcome> f = installer.install(as).toCompletableFuture();
        installer.evaluate();
        now.addAndGet(SteeringInstaller.ACK_TIMEOUT_MS);
        installer.evaluate();
        assertTrue(f.join().reason().startsWith("no acknowledgement from the client agents"));
        List<InstallOutcome> reports = new ArrayList<>();
        installer.setStateListener((id, version, o) -> reports.add(o));
        book.set(0, as.withState(IntentState.FAILED, f.join().reason(), f.join().applied(), 2));
        ack("ue1");
        installer.evaluate();
        assertEquals(1, reports.size());
        assertTrue(reports.get(0).isAcknowledged());
    }
}
