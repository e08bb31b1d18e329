package org.mpsdn.impl.northbound;

import org.junit.Before;
import org.junit.Test;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.InstallOutcome;
import org.mpsdn.api.northbound.IntentInstaller;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.IntentStateListener;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Intent state follows what the installer (the agent) acknowledged, never what was sent.
 */
public class IntentBookTest {

    /** Installer whose answers the test completes by hand. */
    static class ManualInstaller implements IntentInstaller {
        final IntentKind kind;
        final List<MpsdnIntent> installs = new ArrayList<>();
        final List<CompletableFuture<InstallOutcome>> answers = new ArrayList<>();
        final List<MpsdnIntent> removals = new ArrayList<>();
        IntentStateListener listener;

        ManualInstaller(IntentKind kind) {
            this.kind = kind;
        }

        @Override
        public IntentKind kind() {
            return kind;
        }

        @Override
        public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
            installs.add(intent);
            CompletableFuture<InstallOutcome> f = new CompletableFuture<>();
            answers.add(f);
            return f;
        }

        @Override
        public CompletionStage<InstallOutcome> uninstall(MpsdnIntent intent) {
            removals.add(intent);
            return CompletableFuture.completedFuture(InstallOutcome.acknowledged());
        }

        @Override
        public void setStateListener(IntentStateListener l) {
            listener = l;
        }
    }

    private final AtomicLong now = new AtomicLong(1000);
    private IntentBook book;
    private ManualInstaller mp;

    @Before
    public void setUp() {
        book = new IntentBook(now::get);
        mp = new ManualInstaller(IntentKind.MULTIPATH_POLICY);
        book.addInstaller(mp);
    }

    private static MpsdnIntent exempt(String id, String ue) {
        return MpsdnIntent.builder().id(id).kind(IntentKind.MULTIPATH_POLICY).target(ue)
                .mode(MultipathMode.EXEMPT).build();
    }

    @Test
    public void pendingUntilAcknowledged() {
        MpsdnIntent stored = book.submit(exempt("i1", "ue1"));
        assertEquals(IntentState.PENDING, stored.state());
        assertEquals(1, mp.installs.size());
        assertEquals(IntentState.PENDING, book.get("i1").get().state());
        now.set(2000);
        mp.answers.get(0).complete(InstallOutcome.acknowledged());
        MpsdnIntent after = book.get("i1").get();
        assertEquals(IntentState.INSTALLED, after.state());
        assertEquals(2000, after.updatedMillis());
        assertEquals("", after.reason());
    }

    @Test
    public void rejectionIsFailedWithTheAgentsReason() {
        book.submit(exempt("i1", "ue1"));
        mp.answers.get(0).complete(InstallOutcome.failed("INVALID_ARGUMENT: ue1 unknown at agent"));
        MpsdnIntent after = book.get("i1").get();
        assertEquals(IntentState.FAILED, after.state());
        assertEquals("INVALID_ARGUMENT: ue1 unknown at agent", after.reason());
    }

    @Test
    public void transportErrorIsFailed() {
        book.submit(exempt("i1", "ue1"));
        mp.answers.get(0).completeExceptionally(new IllegalStateException("UNAVAILABLE: connection refused"));
        assertEquals(IntentState.FAILED, book.get("i1").get().state());
        assertEquals("UNAVAILABLE: connection refused", book.get("i1").get().reason());
    }

    @Test
    public void installerThrowingIsFailed() {
        IntentInstaller broken = new ManualInstaller(IntentKind.CLIENT_WEIGHTS) {
            @Override
            public CompletionStage<InstallOutcome> install(MpsdnIntent intent) {
                throw new IllegalStateException("client not connected");
            }
        };
        book.addInstaller(broken);
        book.submit(MpsdnIntent.builder().id("w").kind(IntentKind.CLIENT_WEIGHTS).target("c1")
                .weightMode(org.mpsdn.api.northbound.WeightMode.AUTOMATIC).build());
        assertEquals(IntentState.FAILED, book.get("w").get().state());
        assertEquals("client not connected", book.get("w").get().reason());
    }

    @Test
    public void staleAnswerOfAnOlderVersionIsIgnored() {
        book.submit(exempt("i1", "ue1"));
        MpsdnIntent v2 = book.submit(MpsdnIntent.builder().id("i1").kind(IntentKind.MULTIPATH_POLICY)
                .target("ue1").mode(MultipathMode.REGULATE).build());
        assertEquals(2, v2.version());
        mp.answers.get(0).complete(InstallOutcome.acknowledged());
        assertEquals("v1's ack must not mark v2 installed", IntentState.PENDING, book.get("i1").get().state());
        mp.answers.get(1).complete(InstallOutcome.acknowledged());
        assertEquals(IntentState.INSTALLED, book.get("i1").get().state());
        assertEquals(MultipathMode.REGULATE, book.get("i1").get().mode());
    }

    @Test
    public void sameContentIsIdempotentButAFailureIsRetried() {
        MpsdnIntent first = book.submit(exempt("i1", "ue1"));
        assertSame(first, book.submit(exempt("i1", "ue1")));
        assertEquals(1, mp.installs.size());
        mp.answers.get(0).complete(InstallOutcome.failed("agent down"));
        MpsdnIntent retry = book.submit(exempt("i1", "ue1"));
        assertEquals(IntentState.PENDING, retry.state());
        assertEquals(2, mp.installs.size());
        assertEquals(2, retry.version());
    }

    @Test
    public void waitsForAnInstallerAndIsDispatchedWhenOneArrives() {
        MpsdnIntent enb = MpsdnIntent.builder().id("e1").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                .interCluster(EnbDiscipline.PFS).build();
        MpsdnIntent stored = book.submit(enb);
        assertEquals(IntentState.PENDING, stored.state());
        assertTrue(stored.reason(), stored.reason().contains("no installer for ENB_SCHEDULING"));
        ManualInstaller enbInstaller = new ManualInstaller(IntentKind.ENB_SCHEDULING);
        book.addInstaller(enbInstaller);
        assertEquals(1, enbInstaller.installs.size());
        assertEquals("", book.get("e1").get().reason());
        enbInstaller.answers.get(0).complete(InstallOutcome.acknowledged());
        assertEquals(IntentState.INSTALLED, book.get("e1").get().state());
    }

    @Test
    public void withdrawAsksTheInstallerToRemove() {
        book.submit(exempt("i1", "ue1"));
        assertTrue(book.withdraw("i1"));
        assertEquals(1, mp.removals.size());
        assertFalse(book.get("i1").isPresent());
        assertFalse(book.withdraw("i1"));
        mp.answers.get(0).complete(InstallOutcome.acknowledged());
        assertFalse("an answer after withdrawal must not resurrect it", book.get("i1").isPresent());
    }

    @Test
    public void idCannotChangeKind() {
        book.submit(exempt("i1", "ue1"));
        try {
            book.submit(MpsdnIntent.builder().id("i1").kind(IntentKind.ENB_SCHEDULING).target("lte1")
                    .interCluster(EnbDiscipline.PFS).build());
            fail("kind change accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("kind: "));
        }
    }

    @Test
    public void installerReportsLaterChangesOfTheCurrentVersionOnly() {
        book.submit(exempt("i1", "ue1"));
        mp.answers.get(0).complete(InstallOutcome.acknowledged());
        now.set(3000);
        mp.listener.stateChanged("i1", 1, InstallOutcome.failed("connection lost"));
        MpsdnIntent failed = book.get("i1").get();
        assertEquals(IntentState.FAILED, failed.state());
        assertEquals("connection lost", failed.reason());
        assertEquals(3000, failed.updatedMillis());
        now.set(4000);
        mp.listener.stateChanged("i1", 1, InstallOutcome.failed("connection lost"));
        assertEquals("same outcome: no write", 3000, book.get("i1").get().updatedMillis());
        mp.listener.stateChanged("i1", 7, InstallOutcome.acknowledged());
        assertEquals("other version ignored", IntentState.FAILED, book.get("i1").get().state());
        mp.listener.stateChanged("ghost", 1, InstallOutcome.acknowledged());
        assertFalse(book.get("ghost").isPresent());
        mp.listener.stateChanged("i1", 1, InstallOutcome.acknowledged());
        assertEquals(IntentState.INSTALLED, book.get("i1").get().state());
        book.removeInstaller(mp);
        assertEquals(null, mp.listener);
    }

    @Test
    public void listIsSortedById() {
        book.submit(exempt("b", "ue1"));
        book.submit(exempt("a", "ue2"));
        assertEquals(List.of("a", "b"), book.all().stream().map(MpsdnIntent::id).collect(
                java.util.stream.Collectors.toList()));
    }
}
