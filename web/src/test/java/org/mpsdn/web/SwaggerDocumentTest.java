package org.mpsdn.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import java.io.File;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Every REST method of the application is in the OpenAPI document the build generated.
 */
public class SwaggerDocumentTest {
    private static final Map<Class<? extends Annotation>, String> VERBS = Map.of(GET.class, "get", POST.class,
            "post", PUT.class, "put", DELETE.class, "delete");

    @Test
    public void everyEndpointIsDocumented() throws IOException {
        JsonNode doc = new ObjectMapper().readTree(new File("target/swagger.json"));
        assertEquals("2.0", doc.get("swagger").asText());
        assertEquals("/onos/mpsdn", doc.get("basePath").asText());
        JsonNode paths = doc.get("paths");
        int endpoints = 0;
        for (Class<?> c : new MpsdnWebApplication().getClasses()) {
            Path base = c.getAnnotation(Path.class);
            if (base == null) {
                continue;
            }
            for (Method m : c.getDeclaredMethods()) {
                for (Map.Entry<Class<? extends Annotation>, String> v : VERBS.entrySet()) {
                    if (!m.isAnnotationPresent(v.getKey())) {
                        continue;
                    }
                    Path sub = m.getAnnotation(Path.class);
                    String path = "/" + base.value() + (sub == null ? "" : "/" + sub.value());
                    JsonNode op = paths.path(path).path(v.getValue());
                    assertFalse(v.getValue().toUpperCase(Locale.ROOT) + " " + path + " missing from swagger.json",
                            op.isMissingNode());
                    assertFalse(path + " has no summary", op.path("summary").asText().isEmpty());
                    endpoints++;
                }
            }
        }
        assertEquals("endpoints found by reflection", 19, endpoints);
        JsonNode split = doc.path("definitions").path("Intent").path("properties").path("split");
        for (String f : List.of("targetUe", "secondPathUe", "dstIp", "dstPort", "mode", "lteShare", "rttMs",
                "windowPackets", "alpha", "beta", "epochMs")) {
            assertFalse("split." + f + " undocumented",
                    split.path("properties").path(f).path("description").asText().isEmpty());
        }
        for (JsonNode ref : doc.findValues("$ref")) {
            String name = ref.asText().replace("#/definitions/", "");
            assertTrue("definition " + name + " missing", doc.get("definitions").has(name));
        }
    }
}
