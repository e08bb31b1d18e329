package org.mpsdn.web.metrics;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Minimal parser of the Prometheus text format 0.0.4 for tests: every sample line becomes
 * {@code name{labels}} mapped to its value; HELP/TYPE lines are checked for shape.
 */
public final class TextFormatParser {
    private static final Pattern SAMPLE = Pattern.compile(
            "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\]|\\\\.)*\",?)*})? "
                    + "(-?[0-9.eE+-]+|NaN|\\+Inf|-Inf)( -?[0-9]+)?");
    private static final Pattern META = Pattern.compile("# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*");

    private TextFormatParser() {
    }

    /**
     * Parses an exposition.
     *
     * @param text exposition text
     * @return sample key (name plus label block, labels with a trailing comma removed) to value
     * @throws IllegalArgumentException on a line that is neither a sample nor a comment
     */
    public static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                if (!META.matcher(line).matches()) {
                    throw new IllegalArgumentException("bad comment line: " + line);
                }
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException("bad sample line: " + line);
            }
            String labels = m.group(2) == null ? "" : m.group(2).replace(",}", "}");
            String v = m.group(3);
            double value = "+Inf".equals(v) ? Double.POSITIVE_INFINITY
                    : "-Inf".equals(v) ? Double.NEGATIVE_INFINITY : Double.parseDouble(v);
            if (samples.put(m.group(1) + labels, value) != null) {
                throw new IllegalArgumentException("duplicate sample: " + m.group(1) + labels);
            }
        }
        return samples;
    }

    /**
     * Returns the TYPE declared for each metric family.
     *
     * @param text exposition text
     * @return family name to type
     */
    public static Map<String, String> types(String text) {
        Map<String, String> types = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                String[] p = line.split(" ");
                types.put(p[2], p[3]);
            }
        }
        return types;
    }
}
