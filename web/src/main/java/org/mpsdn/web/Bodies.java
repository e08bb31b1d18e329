package org.mpsdn.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Reads request bodies; malformed input is a 400 naming the body.
 */
final class Bodies {

    private Bodies() {
    }

    /**
     * Reads a JSON object from a request body.
     *
     * @param mapper mapper
     * @param stream body, may be null
     * @return the object
     * @throws IllegalArgumentException if the body is empty, not JSON or not an object
     */
    static ObjectNode object(ObjectMapper mapper, InputStream stream) {
        if (stream == null) {
            throw new IllegalArgumentException("body: a JSON object is required");
        }
        JsonNode node;
        try {
            node = mapper.readTree(stream);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("body: not valid JSON (" + e.getOriginalMessage() + ")", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (node == null || node.isMissingNode() || node.isNull()) {
            throw new IllegalArgumentException("body: a JSON object is required");
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException("body: must be a JSON object");
        }
        return (ObjectNode) node;
    }
}
