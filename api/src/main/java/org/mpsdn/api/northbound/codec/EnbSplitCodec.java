package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.SplitMode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.Set;

/**
 * JSON codec of the {@code split} object of an eNB scheduling intent.
 * <pre>
 * {"targetUe": "ue1", "secondPathUe": "ue2", "dstIp": "10.77.0.10", "dstPort": 5201,
 *  "mode": "FIXED_SHARE", "lteShare": 0.5, "rttMs": 50, "windowPackets": 40,
 *  "alpha": 1, "beta": 0.5, "epochMs": 1000}
 * </pre>
 * {@code dstPort} (0), {@code mode} (FIXED_SHARE), {@code alpha} (1), {@code beta} (0.5) and
 * {@code epochMs} (w (1 - beta) / alpha RTTs) are optional; units are in {@link EnbSplit}.
 * Errors name the field as {@code split.<field>}.
 */
public final class EnbSplitCodec extends JsonCodec<EnbSplit> {
    /** Path prefix of the fields in error messages. */
    static final String PREFIX = "split.";
    static final String TARGET_UE = "targetUe";
    static final String SECOND_UE = "secondPathUe";
    static final String DST_IP = "dstIp";
    static final String DST_PORT = "dstPort";
    static final String MODE = "mode";
    static final String LTE_SHARE = "lteShare";
    static final String RTT_MS = "rttMs";
    static final String WINDOW = "windowPackets";
    static final String ALPHA = "alpha";
    static final String BETA = "beta";
    static final String EPOCH_MS = "epochMs";

    private static final Set<String> FIELDS = Set.of(TARGET_UE, SECOND_UE, DST_IP, DST_PORT, MODE, LTE_SHARE,
            RTT_MS, WINDOW, ALPHA, BETA, EPOCH_MS);

    @Override
    public ObjectNode encode(EnbSplit s, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(TARGET_UE, s.targetUe());
        n.put(SECOND_UE, s.secondPathUe());
        n.put(DST_IP, s.dstIp());
        n.put(DST_PORT, s.dstPort());
        n.put(MODE, s.mode().name());
        n.put(LTE_SHARE, s.lteShare());
        n.put(RTT_MS, s.rttMs());
        n.put(WINDOW, s.windowPackets());
        n.put(ALPHA, s.alpha());
        n.put(BETA, s.beta());
        n.put(EPOCH_MS, s.epochMs());
        return n;
    }

    @Override
    public EnbSplit decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "split");
        JsonFields.onlyFields(n, PREFIX, FIELDS);
        EnbSplit.Builder b = EnbSplit.builder()
                .targetUe(text(n, TARGET_UE))
                .secondPathUe(text(n, SECOND_UE))
                .dstIp(text(n, DST_IP))
                .mode(JsonFields.enumValue(PREFIX + MODE, text(n, MODE), SplitMode.class))
                .lteShare(number(n, LTE_SHARE))
                .rttMs(number(n, RTT_MS))
                .windowPackets(number(n, WINDOW))
                .epochMs(number(n, EPOCH_MS));
        JsonFields.optInteger(n, PREFIX, DST_PORT, Integer.MIN_VALUE, Integer.MAX_VALUE)
                .ifPresent(port -> b.dstPort((int) port));
        JsonFields.optNumber(n, PREFIX, ALPHA).ifPresent(b::alpha);
        JsonFields.optNumber(n, PREFIX, BETA).ifPresent(b::beta);
        return b.build();
    }

    /** Optional string, null when absent; the builder reports missing mandatory ones. */
    private static String text(ObjectNode n, String field) {
        return JsonFields.optText(n, PREFIX, field);
    }

    /** Optional number, NaN when absent; the builder reports missing mandatory ones. */
    private static double number(ObjectNode n, String field) {
        return JsonFields.optNumber(n, PREFIX, field).orElse(Double.NaN);
    }
}
