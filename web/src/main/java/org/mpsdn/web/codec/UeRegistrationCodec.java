package org.mpsdn.web.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.UeRegistration;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * JSON codec of a static UE registration:
 * {@code {"id": "ue1", "interfaces": [{"ip": "10.0.1.2", "mac": "02:00:00:00:01:02"}]}}.
 */
public final class UeRegistrationCodec extends JsonCodec<UeRegistration> {
    static final String ID = "id";
    static final String INTERFACES = "interfaces";
    static final String IP = "ip";
    static final String MAC = "mac";

    @Override
    public ObjectNode encode(UeRegistration r, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ID, r.id());
        ArrayNode arr = n.putArray(INTERFACES);
        for (UeRegistration.Interface i : r.interfaces()) {
            ObjectNode o = arr.addObject();
            o.put(IP, i.ip());
            if (i.mac() != null) {
                o.put(MAC, i.mac());
            }
        }
        return n;
    }

    @Override
    public UeRegistration decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "registration");
        JsonFields.onlyFields(n, "", Set.of(ID, INTERFACES));
        String id = JsonFields.text(n, ID);
        JsonNode arr = n.get(INTERFACES);
        if (arr == null || arr.isNull()) {
            throw new IllegalArgumentException(INTERFACES + ": is mandatory");
        }
        if (!arr.isArray()) {
            throw new IllegalArgumentException(INTERFACES + ": must be an array");
        }
        List<UeRegistration.Interface> list = new ArrayList<>();
        for (int i = 0; i < arr.size(); i++) {
            String path = INTERFACES + "[" + i + "]";
            ObjectNode o = JsonFields.object(arr.get(i), path);
            JsonFields.onlyFields(o, path + ".", Set.of(IP, MAC));
            String ip;
            String mac;
            try {
                ip = JsonFields.text(o, IP);
                mac = JsonFields.optText(o, MAC);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(path + "." + e.getMessage(), e);
            }
            list.add(new UeRegistration.Interface(ip, mac));
        }
        return new UeRegistration(id, list);
    }
}
