package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.UeConnection;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeSource;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.ArrayList;
import java.util.List;

/**
 * JSON codec of the UE view.
 * <pre>
 * {"id": "ue1", "registered": true, "source": "BOTH", "primaryAp": "lte1", "multipath": true,
 *  "connections": [{"apId": "lte1", "ip": "10.0.2.2", "mac": "02:..", "rssiDbm": -90.0,
 *                   "txPhyRateBps": 10000000, "rxPhyRateBps": 5000000, "primary": true, "tier": "TIER1"}]}
 * </pre>
 * {@code primaryAp} and a connection's {@code tier} are absent when there is none. {@code source}
 * says how the UE is known ({@link UeSource}: REGISTERED, DETECTED, BOTH or STATION); a decoded
 * view without it is REGISTERED or STATION by {@code registered}.
 */
public final class UeInfoCodec extends JsonCodec<UeInfo> {
    static final String ID = "id";
    static final String REGISTERED = "registered";
    static final String SOURCE = "source";
    static final String PRIMARY_AP = "primaryAp";
    static final String MULTIPATH = "multipath";
    static final String CONNECTIONS = "connections";
    static final String AP_ID = "apId";
    static final String IP = "ip";
    static final String MAC = "mac";
    static final String RSSI = "rssiDbm";
    static final String TX = "txPhyRateBps";
    static final String RX = "rxPhyRateBps";
    static final String PRIMARY = "primary";
    static final String TIER = "tier";

    @Override
    public ObjectNode encode(UeInfo ue, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ID, ue.id());
        n.put(REGISTERED, ue.registered());
        n.put(SOURCE, ue.source().name());
        ue.primaryAp().ifPresent(a -> n.put(PRIMARY_AP, a));
        n.put(MULTIPATH, ue.multipath());
        ArrayNode conns = n.putArray(CONNECTIONS);
        for (UeConnection c : ue.connections()) {
            ObjectNode o = conns.addObject();
            o.put(AP_ID, c.apId());
            o.put(IP, c.ip());
            o.put(MAC, c.mac());
            o.put(RSSI, c.rssiDbm());
            o.put(TX, c.txPhyRateBps());
            o.put(RX, c.rxPhyRateBps());
            o.put(PRIMARY, c.primary());
            c.tier().ifPresent(t -> o.put(TIER, t.name()));
        }
        return n;
    }

    @Override
    public UeInfo decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "ue");
        JsonNode arr = n.get(CONNECTIONS);
        if (arr == null || !arr.isArray()) {
            throw new IllegalArgumentException(CONNECTIONS + ": must be an array");
        }
        List<UeConnection> conns = new ArrayList<>();
        for (JsonNode c : arr) {
            ObjectNode o = JsonFields.object(c, CONNECTIONS + "[]");
            conns.add(new UeConnection(JsonFields.text(o, AP_ID), JsonFields.text(o, IP), JsonFields.text(o, MAC),
                    JsonFields.number(o, RSSI), JsonFields.integer(o, TX), JsonFields.integer(o, RX),
                    JsonFields.bool(o, PRIMARY), JsonFields.optEnum(o, TIER, Tier.class)));
        }
        boolean registered = JsonFields.bool(n, REGISTERED);
        UeSource source = JsonFields.optEnum(n, SOURCE, UeSource.class);
        if (source == null) {
            source = registered ? UeSource.REGISTERED : UeSource.STATION;
        } else if (registered != (source == UeSource.REGISTERED || source == UeSource.BOTH)) {
            throw new IllegalArgumentException(SOURCE + ": " + source + " contradicts " + REGISTERED + ": "
                    + registered);
        }
        return new UeInfo(JsonFields.text(n, ID), source, JsonFields.optText(n, PRIMARY_AP), conns);
    }
}
