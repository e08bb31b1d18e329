package org.mpsdn.core;

import org.junit.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The regulation core must stay pure Java: no org.onosproject reference anywhere under it.
 */
public class CoreHasNoOnosImportTest {

    @Test
    public void noOnosReferenceInCoreSources() throws IOException {
        Path root = Paths.get(System.getProperty("basedir", "."), "src/main/java/org/mpsdn/core");
        assertTrue("core sources not found at " + root.toAbsolutePath(), Files.isDirectory(root));
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(root)) {
            sources = walk.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
        }
        assertTrue("expected the core's sources, found " + sources.size(), sources.size() > 20);
        List<String> offenders = new ArrayList<>();
        for (Path p : sources) {
            List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("org.onosproject")) {
                    offenders.add(root.relativize(p) + ":" + (i + 1) + ": " + lines.get(i).trim());
                }
            }
        }
        assertEquals("org.onosproject referenced from the pure core", new ArrayList<String>(), offenders);
    }
}
