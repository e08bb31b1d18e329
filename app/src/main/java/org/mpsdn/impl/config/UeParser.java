package org.mpsdn.impl.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.net.config.InvalidFieldException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.mpsdn.impl.config.JsonFields.ipAddress;
import static org.mpsdn.impl.config.JsonFields.macAddress;
import static org.mpsdn.impl.config.MpsdnConfig.ID;
import static org.mpsdn.impl.config.MpsdnConfig.INTERFACES;
import static org.mpsdn.impl.config.MpsdnConfig.IP;
import static org.mpsdn.impl.config.MpsdnConfig.MAC;
import static org.mpsdn.impl.config.MpsdnConfig.UES;

/**
 * Parses the optional {@code ues} array of the network config: ids unique, each address owned
 * by one UE.
 */
final class UeParser {
    private final MpsdnConfig config;
    private final Set<String> ids = new HashSet<>();
    private final Map<IpAddress, String> owners = new HashMap<>();

    /**
     * Creates a parser for one pass over the array.
     *
     * @param config the config, whose {@link MpsdnConfig#onlyFields} checks unknown fields
     */
    UeParser(MpsdnConfig config) {
        this.config = config;
    }

    /**
     * Parses the UEs.
     *
     * @param ues the {@code ues} node, may be null
     * @return the UEs in config order, empty without the array
     * @throws InvalidFieldException naming the first invalid field and why
     */
    List<UeSpec> parse(JsonNode ues) {
        if (ues == null || ues.isNull()) {
            return List.of();
        }
        if (!ues.isArray()) {
            throw new InvalidFieldException(UES, "must be an array");
        }
        List<UeSpec> result = new ArrayList<>();
        for (int i = 0; i < ues.size(); i++) {
            result.add(parseUe(ues.get(i), UES + "[" + i + "]"));
        }
        return result;
    }

    private UeSpec parseUe(JsonNode node, String path) {
        if (!node.isObject()) {
            throw new InvalidFieldException(path, "must be an object");
        }
        ObjectNode ue = (ObjectNode) node;
        config.onlyFields(ue, path + ".", ID, INTERFACES);
        String id = JsonFields.id(ue, ID, path);
        if (!ids.add(id)) {
            throw new InvalidFieldException(path + "." + ID, "duplicate UE id " + id);
        }
        JsonNode ifaces = ue.get(INTERFACES);
        if (ifaces == null || !ifaces.isArray() || ifaces.size() == 0) {
            throw new InvalidFieldException(path + "." + INTERFACES, "must be a non-empty array");
        }
        Map<IpAddress, Optional<MacAddress>> map = new LinkedHashMap<>();
        for (int j = 0; j < ifaces.size(); j++) {
            String ipath = path + "." + INTERFACES + "[" + j + "]";
            JsonNode in = ifaces.get(j);
            if (!in.isObject()) {
                throw new InvalidFieldException(ipath, "must be an object");
            }
            ObjectNode iface = (ObjectNode) in;
            config.onlyFields(iface, ipath + ".", IP, MAC);
            IpAddress ip = ipAddress(iface, IP, ipath);
            String owner = owners.putIfAbsent(ip, id);
            if (owner != null) {
                throw new InvalidFieldException(ipath + "." + IP, "address " + ip + " already belongs to UE "
                        + owner);
            }
            map.put(ip, iface.has(MAC) ? Optional.of(macAddress(iface, MAC, ipath)) : Optional.empty());
        }
        return new UeSpec(id, map);
    }
}
