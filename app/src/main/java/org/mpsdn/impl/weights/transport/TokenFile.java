package org.mpsdn.impl.weights.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads per-client bearer tokens: one {@code <client-id> <token>} per line, blank lines and {@code #} comments
 * ignored.
 */
public final class TokenFile {

    private TokenFile() {
    }

    /**
     * Reads a token file.
     *
     * @param file the file
     * @return client id to token
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming the file and line when a line is malformed or a client repeats
     */
    public static Map<String, String> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s+");
            if (f.length != 2) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": want '<client-id> <token>'");
            }
            if (!Validation.isValidId(f[0])) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": client id '" + f[0]
                        + "' is not a valid id");
            }
            if (out.put(f[0], f[1]) != null) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": client " + f[0] + " repeats");
            }
        }
        return out;
    }
}
