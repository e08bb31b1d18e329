package org.mpsdn.web.apidoc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.mpsdn.api.model.Tier;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.SteeringMode;
import org.mpsdn.api.northbound.SteeringRule;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.DoublePredicate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The API document the build packs states the constraints the code checks: probe values are accepted by the
 * code exactly when the document's range allows them, and the document's patterns and enums are the code's.
 */
public class ApiDocConstraintsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final double[] PROBES = {-1e12, -1, -1e-9, 0, 1e-9, 0.3, 0.5, 0.999999, 1, 1.0000001, 1.1, 2,
        4, 4.01, 1000, 1001, 65535, 65536, 1e8, 1e8 + 1, 3_600_000, 3_600_001, 1e12};

    private static JsonNode doc() throws IOException {
        return MAPPER.readTree(new File("target/swagger.json"));
    }

    /** Whether the document's numeric keywords allow v. */
    private static boolean allows(JsonNode s, double v) {
        if (s.has("minimum") && (s.path("exclusiveMinimum").asBoolean() ? v <= s.get("minimum").asDouble()
                : v < s.get("minimum").asDouble())) {
            return false;
        }
        if (s.has("maximum") && (s.path("exclusiveMaximum").asBoolean() ? v >= s.get("maximum").asDouble()
                : v > s.get("maximum").asDouble())) {
            return false;
        }
        return !"integer".equals(s.path("type").asText()) || v == Math.rint(v);
    }

    private static void sameRange(String field, JsonNode schema, DoublePredicate code) {
        for (double v : PROBES) {
            if (!"integer".equals(schema.path("type").asText()) || v == Math.rint(v)) {
                assertEquals(field + " = " + v + ": document and code disagree", code.test(v), allows(schema, v));
            }
        }
    }

    private static boolean accepts(Runnable r) {
        try {
            r.run();
            return true;
        } catch (IllegalArgumentException e) {
            assertTrue("400 message names the field: " + e.getMessage(), e.getMessage().matches("^[\\w.\\[\\]]+: .*"));
            return false;
        }
    }

    @Test
    public void apOverrideRangesAreTheCodes() throws IOException {
        JsonNode p = doc().path("definitions").path("ApOverride").path("properties");
        sameRange("cth", p.path("cth"), v -> accepts(() -> new ApOverride(OptionalDouble.of(v),
                OptionalDouble.empty(), OptionalLong.empty())));
        sameRange("alpha", p.path("alpha"), v -> accepts(() -> new ApOverride(OptionalDouble.empty(),
                OptionalDouble.of(v), OptionalLong.empty())));
        sameRange("rmKbps", p.path("rmKbps"), v -> accepts(() -> new ApOverride(OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalLong.of((long) v))));
    }

    @Test
    public void identifiersEnumsAndWeightsAreTheCodes() throws IOException {
        JsonNode doc = doc();
        String id = "^" + MpsdnIntent.ID_PATTERN.pattern() + "$";
        List<JsonNode> kinds = new ArrayList<>();
        doc.path("definitions").path("IntentSubmission").path("oneOf").forEach(kinds::add);
        assertEquals("intent kinds", IntentKind.values().length, kinds.size());
        for (JsonNode k : kinds) {
            JsonNode p = k.path("properties");
            assertEquals("id pattern", id, p.path("id").path("pattern").asText());
            boolean steering = "STEERING".equals(p.path("kind").path("enum").path(0).asText());
            String steeringTarget = "^(\\" + SteeringRule.ALL_UES + "|" + id.substring(1, id.length() - 1) + ")$";
            assertEquals("target pattern", steering ? steeringTarget : id, p.path("target").path("pattern").asText());
            assertTrue("unknown fields are refused", !k.path("additionalProperties").asBoolean(true));
        }
        JsonNode weights = kinds.get(2).path("properties").path("weights");
        assertEquals(1, weights.path("additionalProperties").path("minimum").asInt());
        assertEquals(MpsdnIntent.MAX_WEIGHT, weights.path("additionalProperties").path("maximum").asInt());
        JsonNode steering = kinds.get(3).path("properties");
        String required = kinds.get(3).path("required").toString();
        assertTrue(required, required.contains("\"precedence\"") && required.contains("\"steering\""));
        assertEquals(SteeringRule.MAX_PRECEDENCE, steering.path("precedence").path("maximum").asInt());
        for (SteeringMode m : SteeringMode.values()) {
            assertEquals(m.name(), steering.path("steering").path("properties").path("mode").path("enum")
                    .path(m.code()).asText());
        }
        assertEquals(SteeringRule.MAX_HYSTERESIS_MS, steering.path("steering").path("properties")
                .path("rttHysteresisMs").path("maximum").asInt());
        JsonNode tier = param(doc, "/flows", "tier");
        TreeSet<String> tiers = new TreeSet<>();
        for (Tier t : Tier.values()) {
            tiers.add(t.name());
        }
        TreeSet<String> documented = new TreeSet<>();
        tier.path("enum").forEach(n -> documented.add(n.asText()));
        assertEquals("tier", tiers, documented);
        assertEquals("[\"true\",\"false\"]", param(doc, "/detection", "multipath").path("enum").toString());
        assertTrue("UE ids", doc.path("definitions").path("UeRegistration").path("properties").path("id")
                .path("pattern").isTextual());
    }

    private static JsonNode param(JsonNode doc, String path, String name) {
        for (JsonNode p : doc.path("paths").path(path).path("get").path("parameters")) {
            if (name.equals(p.path("name").asText())) {
                return p;
            }
        }
        fail("GET " + path + " has no parameter " + name);
        return null;
    }

    @Test
    public void mergeAddsKeywordsAndRefusesUnknownTargets() throws IOException {
        JsonNode doc = MAPPER.readTree("{\"paths\":{\"/x\":{\"get\":{\"parameters\":[{\"name\":\"q\",\"in\":"
                + "\"query\",\"type\":\"string\"}]}}}}");
        ApiDocConstraints.merge(doc, MAPPER.readTree("{\"/x\":{\"get\":{\"q\":{\"enum\":[\"a\"]}}}}"));
        assertEquals("[\"a\"]", doc.at("/paths/~1x/get/parameters/0/enum").toString());
        for (String bad : new String[]{"{\"/y\":{\"get\":{\"q\":{}}}}", "{\"/x\":{\"get\":{\"r\":{}}}}"}) {
            try {
                ApiDocConstraints.merge(doc, MAPPER.readTree(bad));
                fail("merged " + bad);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("/"));
            }
        }
    }
}
