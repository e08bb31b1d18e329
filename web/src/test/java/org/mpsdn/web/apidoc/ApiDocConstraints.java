package org.mpsdn.web.apidoc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

/**
 * Adds the constraints of query and path parameters to the API document that onos-maven-plugin generated
 * (its generator, ONOS 2.7.0 {@code tools/package/maven-plugin/.../OnosSwaggerMojo.java#processParameters},
 * writes only a parameter's name, place, type and whether it is required; body schemas come complete from
 * {@code src/main/resources/definitions}). The build runs it on {@code target/swagger.json} before the
 * bundle packs the document; a constraint for an operation or parameter the document lacks fails the build.
 *
 * <p>Usage: {@code ApiDocConstraints <swagger.json> <parameter-constraints.json>}; the second file maps
 * path, method and parameter name to the schema keywords to add.
 */
public final class ApiDocConstraints {

    private ApiDocConstraints() {
    }

    /**
     * Merges the constraints into the document.
     *
     * @param doc         the generated document
     * @param constraints path → method → parameter name → keywords
     * @throws IllegalArgumentException naming the path, method or parameter the document lacks
     */
    public static void merge(JsonNode doc, JsonNode constraints) {
        for (Iterator<Map.Entry<String, JsonNode>> p = constraints.fields(); p.hasNext();) {
            Map.Entry<String, JsonNode> path = p.next();
            for (Iterator<Map.Entry<String, JsonNode>> m = path.getValue().fields(); m.hasNext();) {
                Map.Entry<String, JsonNode> method = m.next();
                JsonNode op = doc.path("paths").path(path.getKey()).path(method.getKey());
                if (op.isMissingNode()) {
                    throw new IllegalArgumentException(method.getKey() + " " + path.getKey()
                            + ": no such operation in the document");
                }
                for (Iterator<Map.Entry<String, JsonNode>> n = method.getValue().fields(); n.hasNext();) {
                    Map.Entry<String, JsonNode> param = n.next();
                    parameter(op, param.getKey(), method.getKey() + " " + path.getKey())
                            .setAll((ObjectNode) param.getValue());
                }
            }
        }
    }

    private static ObjectNode parameter(JsonNode op, String name, String where) {
        for (JsonNode p : op.path("parameters")) {
            if (name.equals(p.path("name").asText())) {
                return (ObjectNode) p;
            }
        }
        throw new IllegalArgumentException(where + ": no parameter '" + name + "' in the document");
    }

    /**
     * Rewrites the document in place.
     *
     * @param args the document's path, the constraints' path
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        File docFile = new File(args[0]);
        JsonNode doc = mapper.readTree(docFile);
        merge(doc, mapper.readTree(new File(args[1])));
        mapper.writeValue(docFile, doc);
    }
}
