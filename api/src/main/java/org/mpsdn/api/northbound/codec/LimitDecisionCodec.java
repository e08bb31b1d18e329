package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.LimitReason;
import org.mpsdn.api.model.SignalSource;
import org.mpsdn.api.regulation.LimitDecision;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * JSON codec of the last regulation decision of an AP direction (part of {@link ApInfoCodec}).
 * <pre>
 * {"signal": "TIER1_STATIONS", "signalValue": 0.72, "threshold": 0.4, "targetKbps": 17678, "capKbps": 50000,
 *  "reason": "DECREASE", "note": "signal at or above its threshold: halved", "decidedMillis": 1700000000000}
 * </pre>
 * {@code signal}, {@code signalValue} and {@code threshold} are absent when there was no usable signal;
 * {@code targetKbps} and {@code capKbps} when the limits are lifted ({@code FAIL_OPEN}).
 */
public final class LimitDecisionCodec extends JsonCodec<LimitDecision> {
    static final String SIGNAL = "signal";
    static final String SIGNAL_VALUE = "signalValue";
    static final String THRESHOLD = "threshold";
    static final String TARGET = "targetKbps";
    static final String CAP = "capKbps";
    static final String REASON = "reason";
    static final String NOTE = "note";
    static final String DECIDED = "decidedMillis";

    @Override
    public ObjectNode encode(LimitDecision d, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        d.source().ifPresent(s -> n.put(SIGNAL, s.name()));
        d.signal().ifPresent(v -> n.put(SIGNAL_VALUE, v));
        d.threshold().ifPresent(v -> n.put(THRESHOLD, v));
        d.targetKbps().ifPresent(v -> n.put(TARGET, v));
        d.capKbps().ifPresent(v -> n.put(CAP, v));
        n.put(REASON, d.reason().name());
        n.put(NOTE, d.note());
        n.put(DECIDED, d.decidedMillis());
        return n;
    }

    @Override
    public LimitDecision decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "decision");
        SignalSource source = JsonFields.optEnum(n, SIGNAL, SignalSource.class);
        String note = JsonFields.optText(n, NOTE);
        return new LimitDecision(source, JsonFields.optNumber(n, SIGNAL_VALUE).orElse(Double.NaN),
                JsonFields.optNumber(n, THRESHOLD).orElse(Double.NaN), JsonFields.optInteger(n, TARGET).orElse(-1),
                JsonFields.optInteger(n, CAP).orElse(-1),
                JsonFields.enumValue(REASON, JsonFields.text(n, REASON), LimitReason.class), note,
                JsonFields.optInteger(n, DECIDED).orElse(0));
    }
}
