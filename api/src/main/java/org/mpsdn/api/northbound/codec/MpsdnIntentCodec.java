package org.mpsdn.api.northbound.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.IntentBuilder;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.IntentState;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SteeringRule;
import org.mpsdn.api.northbound.WeightMode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * JSON codec of intents.
 * <pre>
 * {"id": "pin-ue1", "kind": "MULTIPATH_POLICY", "target": "ue1", "mode": "PIN_PRIMARY", "apId": "lte1",
 *  "state": "PENDING", "reason": "", "version": 1, "updatedMillis": 0}
 * {"kind": "ENB_SCHEDULING", "target": "lte1", "interCluster": "PFS", "intraCluster": "MAX_CI",
 *  "clusterOverrides": {"user:ue1": "ROUND_ROBIN"},
 *  "split": {"targetUe": "ue1", "secondPathUe": "ue2", "dstIp": "10.77.0.10", "lteShare": 0.5,
 *            "rttMs": 50, "windowPackets": 40}}
 * {"kind": "CLIENT_WEIGHTS", "target": "ue1", "weightMode": "MANUAL", "weights": {"wifi": 3, "lte": 1}}
 * {"kind": "STEERING", "target": "*", "precedence": 10, "trafficDescriptor": {"protocol": "TCP", "dstPorts": 443},
 *  "steering": {"mode": "ACTIVE_STANDBY", "modeCode": 0, "activeAp": "wifi1"},
 *  "applied": {"ue1": "client agent: MP_PRIO backup on path lte (weights v7 acknowledged)"}}
 * </pre>
 * On decode {@code id} is optional (default: lower-case kind, '-', target, with {@code all} for
 * the target {@code *}); {@code state}, {@code reason}, {@code applied}, {@code version} and
 * {@code updatedMillis} are read when present (the service assigns them on submission). The
 * {@code split} object is read by {@link EnbSplitCodec}, a steering intent's
 * {@code precedence}, {@code trafficDescriptor} and {@code steering} by {@link SteeringJson}.
 */
public final class MpsdnIntentCodec extends JsonCodec<MpsdnIntent> {
    static final String ID = "id";
    static final String KIND = "kind";
    static final String TARGET = "target";
    static final String MODE = "mode";
    static final String AP_ID = "apId";
    static final String INTER = "interCluster";
    static final String INTRA = "intraCluster";
    static final String OVERRIDES = "clusterOverrides";
    static final String SPLIT = "split";
    static final String WEIGHT_MODE = "weightMode";
    static final String WEIGHTS = "weights";
    static final String STATE = "state";
    static final String REASON = "reason";
    static final String VERSION = "version";
    static final String UPDATED = "updatedMillis";
    static final String APPLIED = "applied";

    private static final Set<String> FIELDS = Set.of(ID, KIND, TARGET, MODE, AP_ID, INTER, INTRA, OVERRIDES,
            SPLIT, WEIGHT_MODE, WEIGHTS, STATE, REASON, VERSION, UPDATED, APPLIED, SteeringJson.PRECEDENCE,
            SteeringJson.DESCRIPTOR, SteeringJson.STEERING);

    private final EnbSplitCodec splitCodec = new EnbSplitCodec();

    @Override
    public ObjectNode encode(MpsdnIntent i, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ID, i.id());
        n.put(KIND, i.kind().name());
        n.put(TARGET, i.target());
        if (i.mode() != null) {
            n.put(MODE, i.mode().name());
        }
        if (i.apId() != null) {
            n.put(AP_ID, i.apId());
        }
        if (i.interCluster() != null) {
            n.put(INTER, i.interCluster().name());
        }
        if (i.intraCluster() != null) {
            n.put(INTRA, i.intraCluster().name());
        }
        if (!i.clusterOverrides().isEmpty()) {
            ObjectNode o = n.putObject(OVERRIDES);
            i.clusterOverrides().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> o.put(e.getKey(), e.getValue().name()));
        }
        if (i.split() != null) {
            n.set(SPLIT, splitCodec.encode(i.split(), context));
        }
        if (i.weightMode() != null) {
            n.put(WEIGHT_MODE, i.weightMode().name());
        }
        if (!i.weights().isEmpty()) {
            ObjectNode o = n.putObject(WEIGHTS);
            i.weights().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> o.put(e.getKey(), e.getValue()));
        }
        if (i.steering() != null) {
            SteeringJson.encode(n, i.steering());
        }
        n.put(STATE, i.state().name());
        n.put(REASON, i.reason());
        if (!i.applied().isEmpty()) {
            ObjectNode o = n.putObject(APPLIED);
            i.applied().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> o.put(e.getKey(), e.getValue()));
        }
        n.put(VERSION, i.version());
        n.put(UPDATED, i.updatedMillis());
        return n;
    }

    @Override
    public MpsdnIntent decode(ObjectNode json, CodecContext context) {
        ObjectNode n = JsonFields.object(json, "intent");
        JsonFields.onlyFields(n, "", FIELDS);
        IntentKind kind = JsonFields.enumValue(KIND, JsonFields.text(n, KIND), IntentKind.class);
        String target = JsonFields.text(n, TARGET);
        String id = JsonFields.optText(n, ID);
        IntentBuilder b = MpsdnIntent.builder()
                .id(id != null ? id : defaultId(kind, target))
                .kind(kind).target(target)
                .mode(JsonFields.optEnum(n, MODE, MultipathMode.class))
                .apId(JsonFields.optText(n, AP_ID))
                .interCluster(JsonFields.optEnum(n, INTER, EnbDiscipline.class))
                .intraCluster(JsonFields.optEnum(n, INTRA, EnbDiscipline.class))
                .weightMode(JsonFields.optEnum(n, WEIGHT_MODE, WeightMode.class));
        ObjectNode overrides = optObject(n, OVERRIDES);
        if (overrides != null) {
            Iterator<Map.Entry<String, JsonNode>> it = overrides.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String field = OVERRIDES + "." + e.getKey();
                if (!e.getValue().isTextual()) {
                    throw new IllegalArgumentException(field + ": must be a discipline name");
                }
                b.clusterOverride(e.getKey(), JsonFields.enumValue(field, e.getValue().asText(),
                        EnbDiscipline.class));
            }
        }
        ObjectNode split = optObject(n, SPLIT);
        if (split != null) {
            b.split(splitCodec.decode(split, context));
        }
        ObjectNode weights = optObject(n, WEIGHTS);
        if (weights != null) {
            Iterator<Map.Entry<String, JsonNode>> it = weights.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                    throw new IllegalArgumentException(WEIGHTS + "." + e.getKey() + ": must be an integer");
                }
                b.weight(e.getKey(), v.asInt());
            }
        }
        b.steering(SteeringJson.decode(n));
        return decodeState(n, b).build();
    }

    /** Reads the install state a stored or listed intent carries (the service assigns it on submission). */
    private static IntentBuilder decodeState(ObjectNode n, IntentBuilder b) {
        ObjectNode applied = optObject(n, APPLIED);
        if (applied != null) {
            Map<String, String> m = new LinkedHashMap<>();
            applied.fields().forEachRemaining(e -> m.put(e.getKey(), JsonFields.optText(applied, APPLIED + ".",
                    e.getKey())));
            m.values().removeIf(Objects::isNull);
            b.applied(m);
        }
        IntentState state = JsonFields.optEnum(n, STATE, IntentState.class);
        if (state != null) {
            b.state(state);
        }
        String reason = JsonFields.optText(n, REASON);
        if (reason != null) {
            b.reason(reason);
        }
        JsonFields.optInteger(n, VERSION).ifPresent(b::version);
        JsonFields.optInteger(n, UPDATED).ifPresent(b::updatedMillis);
        return b;
    }

    /**
     * The id of an intent submitted without one: lower-case kind, '-', target ({@code all} for
     * {@link SteeringRule#ALL_UES}).
     *
     * @param kind   kind
     * @param target target
     * @return id
     */
    public static String defaultId(IntentKind kind, String target) {
        String t = SteeringRule.ALL_UES.equals(target) ? "all" : target;
        return kind.name().toLowerCase(Locale.ROOT) + "-" + t;
    }

    private static ObjectNode optObject(ObjectNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        return JsonFields.object(v, field);
    }
}
