package org.mpsdn.impl.enb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.codec.EnbSplitCodec;
import org.mpsdn.enb.v1.FlowSplit;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.List;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Properties of the split request: the JSON decoder fails only with a message naming a
 * {@code split.} field, whatever the types and values; valid splits round-trip; and the hold
 * time sent to the eNB is DIDA's t_opt of the request's inputs in the documented units.
 */
public class EnbSplitPropertiesTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final CodecContext CONTEXT = new CodecContext() {
        @Override
        public ObjectMapper mapper() {
            return MAPPER;
        }

        @Override
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            throw new UnsupportedOperationException();
        }
    };
    private static final List<String> FIELDS = List.of("targetUe", "secondPathUe", "dstIp", "dstPort", "mode",
            "lteShare", "rttMs", "windowPackets", "alpha", "beta", "epochMs", "bogus");

    private static JsonNode randomValue(Random r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (r.nextInt(10)) {
            case 0:
                return f.nullNode();
            case 1:
                return f.textNode(List.of("ue1", "ue2", "10.0.0.1", "::1", "", "x y", "shared_buffer",
                        "FIXED_SHARE", "NaN").get(r.nextInt(9)));
            case 2:
                return f.numberNode(r.nextInt(200_000) - 100_000);
            case 3:
                return f.numberNode(r.nextDouble() * 2 - 0.5);
            case 4:
                return f.numberNode(Math.pow(10, r.nextInt(30) - 10) * (r.nextBoolean() ? 1 : -1));
            case 5:
                return f.booleanNode(r.nextBoolean());
            case 6:
                return f.arrayNode().add(1);
            case 7:
                return f.objectNode().put("a", 1);
            case 8:
                return f.numberNode(Long.MAX_VALUE);
            default:
                return f.numberNode(r.nextDouble() * 10_000);
        }
    }

    @Property(tries = 2000)
    public void decoderFailsOnlyNamingASplitField(@ForAll long seed) {
        Random r = new Random(seed);
        // a valid split with 0 to 3 fields replaced by random values or removed
        ObjectNode n = MAPPER.createObjectNode().put("targetUe", "ue1").put("secondPathUe", "ue2")
                .put("dstIp", "10.77.0.10").put("lteShare", 0.5).put("rttMs", 50).put("windowPackets", 40);
        for (int k = r.nextInt(4); k > 0; k--) {
            String field = FIELDS.get(r.nextInt(FIELDS.size()));
            if (r.nextInt(5) == 0) {
                n.remove(field);
            } else {
                n.set(field, randomValue(r));
            }
        }
        try {
            EnbSplit s = new EnbSplitCodec().decode(n, CONTEXT);
            assertEquals(s, new EnbSplitCodec().decode(new EnbSplitCodec().encode(s, CONTEXT), CONTEXT));
        } catch (IllegalArgumentException e) {
            assertTrue(n + " -> " + e.getMessage(), e.getMessage().startsWith("split."));
        } catch (RuntimeException e) {
            fail(n + " -> " + e);
        }
    }

    @Property(tries = 500)
    public void holdTimeIsDidaOfTheInputsInTheirUnits(@ForAll @DoubleRange(min = 0, max = 1) double share,
                                                      @ForAll @DoubleRange(min = 1, max = 500) double rttMs,
                                                      @ForAll @DoubleRange(min = 1, max = 1000) double window,
                                                      @ForAll @DoubleRange(min = 0.1, max = 10) double alpha,
                                                      @ForAll @DoubleRange(min = 0, max = 0.9) double beta,
                                                      @ForAll @IntRange(min = 0, max = 1) int shared) {
        // valid splits only: a congestion epoch above EnbSplit.MAX_EPOCH_MS is rejected by the builder
        Assume.that(window * (1 - beta) / alpha * rttMs <= EnbSplit.MAX_EPOCH_MS);
        EnbSplit s = EnbSplit.builder().targetUe("ue1").secondPathUe("ue2").dstIp("10.77.0.10")
                .mode(shared == 1 ? SplitMode.SHARED_BUFFER : SplitMode.FIXED_SHARE).lteShare(share).rttMs(rttMs)
                .windowPackets(window).alpha(alpha).beta(beta).build();
        MpsdnIntent i = MpsdnIntent.builder().id("i").kind(IntentKind.ENB_SCHEDULING).target("enb1")
                .interCluster(EnbDiscipline.PFS).split(s).build();
        List<FlowSplit> out = EnbIntentPlanner.splitsOf(i);
        assertEquals(1, out.size());
        double delta = Math.max(1e-6, 2 * Math.min(share, 1 - share));
        double epochS = window * (1 - beta) / alpha * rttMs / 1000;
        long want = Math.min(SplitConfigs.MAX_HOLD_US,
                DidaHoldTime.tOptMicros(rttMs / 1000, window, alpha, beta, delta, epochS));
        assertEquals(want, out.get(0).getHoldTimeUs(), 1);
        assertTrue("t_opt below one RTT", out.get(0).getHoldTimeUs() >= Math.min(SplitConfigs.MAX_HOLD_US,
                Math.floor(rttMs * 1000) - 1));
        assertEquals(shared == 1, out.get(0).getSharedBuffer());
        assertEquals(shared == 1 ? 0 : share, out.get(0).getLteFraction(), 0);
    }

    @Property
    public void anEpochAboveTheMaximumIsRejectedNamingIt(@ForAll @DoubleRange(min = 1, max = 10_000) double rttMs,
                                                         @ForAll @DoubleRange(min = 1, max = 1e6) double window,
                                                         @ForAll @DoubleRange(min = 0, max = 0.9) double beta,
                                                         @ForAll @DoubleRange(min = 0.01, max = 0.99) double f) {
        // alpha chosen so that the epoch window * (1 - beta) / alpha * rtt is MAX_EPOCH_MS / f
        double alpha = window * (1 - beta) * rttMs * f / EnbSplit.MAX_EPOCH_MS;
        Assume.that(alpha > 0 && alpha <= EnbSplit.MAX_ALPHA);
        try {
            EnbSplit.builder().targetUe("ue1").secondPathUe("ue2").dstIp("10.77.0.10").lteShare(0.5).rttMs(rttMs)
                    .windowPackets(window).alpha(alpha).beta(beta).build();
            fail("an epoch above " + EnbSplit.MAX_EPOCH_MS + " ms was accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("split.epochMs"));
        }
    }
}
