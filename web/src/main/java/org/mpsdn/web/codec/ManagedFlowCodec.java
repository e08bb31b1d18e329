package org.mpsdn.web.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ManagedFlow;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

/**
 * JSON codec of a managed flow:
 * {@code {"apId", "ueId", "fiveTuple", "direction": "DOWNLINK", "tier": "TIER2", "bytes", "rateBps"}}.
 */
public final class ManagedFlowCodec extends JsonCodec<ManagedFlow> {
    static final String AP_ID = "apId";
    static final String UE_ID = "ueId";
    static final String FIVE_TUPLE = "fiveTuple";
    static final String DIRECTION = "direction";
    static final String TIER = "tier";
    static final String BYTES = "bytes";
    static final String RATE = "rateBps";

    @Override
    public ObjectNode encode(ManagedFlow f, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(AP_ID, f.apId());
        n.put(UE_ID, f.ueId());
        n.put(FIVE_TUPLE, f.fiveTuple());
        n.put(DIRECTION, f.direction().name());
        n.put(TIER, f.tier().name());
        n.put(BYTES, f.bytes());
        n.put(RATE, f.rateBps());
        return n;
    }

    @Override
    public ManagedFlow decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "flow");
        return new ManagedFlow(JsonFields.text(n, AP_ID), JsonFields.text(n, UE_ID), JsonFields.text(n, FIVE_TUPLE),
                JsonFields.enumValue(DIRECTION, JsonFields.text(n, DIRECTION), Direction.class),
                JsonFields.enumValue(TIER, JsonFields.text(n, TIER), Tier.class),
                JsonFields.integer(n, BYTES), JsonFields.number(n, RATE));
    }
}
