package org.mpsdn.web.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.ApOverride;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.Set;

/**
 * JSON codec of per-AP overrides: {@code {"cth": 0.9, "alpha": 0.5, "rmKbps": 200}}; an absent
 * or null field means "use the global parameter".
 */
public final class ApOverrideCodec extends JsonCodec<ApOverride> {
    static final String CTH = "cth";
    static final String ALPHA = "alpha";
    static final String RM_KBPS = "rmKbps";

    @Override
    public ObjectNode encode(ApOverride o, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        o.cth().ifPresent(v -> n.put(CTH, v));
        o.alpha().ifPresent(v -> n.put(ALPHA, v));
        o.rmKbps().ifPresent(v -> n.put(RM_KBPS, v));
        return n;
    }

    @Override
    public ApOverride decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "override");
        JsonFields.onlyFields(n, "", Set.of(CTH, ALPHA, RM_KBPS));
        return new ApOverride(JsonFields.optNumber(n, CTH), JsonFields.optNumber(n, ALPHA),
                JsonFields.optInteger(n, RM_KBPS));
    }
}
