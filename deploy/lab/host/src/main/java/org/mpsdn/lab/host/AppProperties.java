package org.mpsdn.lab.host;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which of the app's components a lab-config property ({@code appProperties}, {@code run_lab.py --app-property})
 * is for, as {@code cfg set <component> <name> <value>} names it in ONOS: a component's names are those of its
 * constants class ({@code NAME = "name"} beside {@code NAME_DEFAULT}). A name no component declares is refused:
 * a component ignores a property it does not declare, so the run would go at the default and record an override
 * (at 9d2f61a, {@code streamTelemetry=true} went to RegulationManager alone and every report was polled).
 */
final class AppProperties {
    /** RegulationManager's names. */
    static final Class<?> REGULATION = org.mpsdn.impl.OsgiPropertyConstants.class;
    /** AgentTelemetryManager's names. */
    static final Class<?> TELEMETRY = org.mpsdn.impl.telemetry.OsgiPropertyConstants.class;

    private AppProperties() {
    }

    /**
     * The property names a constants class declares.
     *
     * @param constants the component's constants class
     * @return its names, sorted
     */
    static Set<String> names(Class<?> constants) {
        Set<String> names = new TreeSet<>();
        for (Field f : constants.getFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == String.class
                    && !f.getName().endsWith("_DEFAULT")) {
                try {
                    names.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }

    /**
     * The properties of one component.
     *
     * @param constants the component's constants class
     * @param props     the lab's app properties
     * @return those the component declares (a new map)
     */
    static Map<String, Object> of(Class<?> constants, Map<String, Object> props) {
        Set<String> names = names(constants);
        Map<String, Object> mine = new LinkedHashMap<>();
        props.forEach((k, v) -> {
            if (names.contains(k)) {
                mine.put(k, v);
            }
        });
        return mine;
    }

    /**
     * Refuses a property that no component declares.
     *
     * @param props the lab's app properties
     * @throws IllegalArgumentException naming the first such property and the components' names
     */
    static void check(Map<String, Object> props) {
        Set<String> regulation = names(REGULATION);
        Set<String> telemetry = names(TELEMETRY);
        for (String k : new TreeSet<>(props.keySet())) {
            if (!regulation.contains(k) && !telemetry.contains(k)) {
                throw new IllegalArgumentException("app property " + k + " is none of RegulationManager's "
                        + regulation + " nor AgentTelemetryManager's " + telemetry);
            }
        }
    }
}
