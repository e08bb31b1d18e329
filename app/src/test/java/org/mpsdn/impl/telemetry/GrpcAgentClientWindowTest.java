package org.mpsdn.impl.telemetry;

import io.grpc.inprocess.InProcessChannelBuilder;
import org.junit.After;
import org.junit.Test;
import org.mpsdn.agent.v1.ApStatus;
import org.mpsdn.agent.v1.GetStatusRequest;
import org.mpsdn.agent.v1.WindowMode;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.mpsdn.core.Expect.assertThrows;

/**
 * The client asks for a sliding window of the regulation interval, unless the request chose.
 */
public class GrpcAgentClientWindowTest {
    private final FakeAgents agents = new FakeAgents();

    @After
    public void tearDown() {
        agents.close();
    }

    @Test
    public void aPlainRequestBecomesASlidingWindowOfTheInterval() throws Exception {
        AtomicReference<GetStatusRequest> seen = new AtomicReference<>();
        agents.add("ap1", req -> {
            seen.set(req);
            return FakeAgents.status("ap1", 1, 1, 0.5);
        });
        try (GrpcAgentClient c = new GrpcAgentClient(InProcessChannelBuilder.forName("fake-ap1").build(), 1500)) {
            ApStatus st = c.getStatus(GetStatusRequest.newBuilder().setApId("ap1").build(), 1000)
                    .get(5, TimeUnit.SECONDS);
            assertEquals("ap1", st.getApId());
        }
        assertEquals(WindowMode.WINDOW_MODE_SLIDING, seen.get().getWindowMode());
        assertEquals(1500, seen.get().getMaxWindowMs());
        assertEquals("ap1", seen.get().getApId());
    }

    @Test
    public void theCallersChoiceIsKept() {
        GetStatusRequest own = GetStatusRequest.newBuilder().setApId("a")
                .setWindowMode(WindowMode.WINDOW_MODE_SINCE_LAST_POLL).build();
        assertSame(own, GrpcAgentClient.windowed(own, 2000));
        GetStatusRequest max = GetStatusRequest.newBuilder().setApId("a").setMaxWindowMs(700).build();
        assertEquals(700, GrpcAgentClient.windowed(max, 2000).getMaxWindowMs());
        assertEquals(WindowMode.WINDOW_MODE_SLIDING, GrpcAgentClient.windowed(max, 2000).getWindowMode());
        assertEquals(2000, GrpcAgentClient.windowed(GetStatusRequest.getDefaultInstance(), 2000).getMaxWindowMs());
    }

    @Test
    public void rejectsAWindowTheProtoCannotCarry() {
        assertThrows(IllegalArgumentException.class,
                () -> new GrpcAgentClient(InProcessChannelBuilder.forName("x").build(), 0));
        assertThrows(IllegalArgumentException.class,
                () -> new GrpcAgentClient(InProcessChannelBuilder.forName("x").build(), 1L << 32));
    }
}
