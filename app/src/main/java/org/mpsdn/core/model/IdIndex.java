package org.mpsdn.core.model;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The access points or the devices of a {@link NetworkSnapshot}, numbered in ascending id order
 * (canonical, whatever the order they were added in), with the index of every id.
 *
 * @param <T> the part type
 */
final class IdIndex<T> {
    /** The parts, ascending by id. */
    final T[] items;
    private final Map<String, Integer> index;

    /**
     * Sorts and indexes parts.
     *
     * @param parts the parts in any order
     * @param empty an empty array of the part type
     * @param id    the id of a part
     * @param noun  what a part is, for the duplicate message ("access point")
     * @throws IllegalArgumentException on a duplicate id
     */
    IdIndex(List<T> parts, T[] empty, Function<T, String> id, String noun) {
        items = parts.toArray(empty);
        Arrays.sort(items, Comparator.comparing(id));
        index = new HashMap<>(items.length * 2);
        for (int i = 0; i < items.length; i++) {
            if (index.put(id.apply(items[i]), i) != null) {
                throw new IllegalArgumentException("duplicate " + noun + " id \"" + id.apply(items[i]) + "\"");
            }
        }
    }

    /** @return number of parts */
    int size() {
        return items.length;
    }

    /**
     * Index of an id.
     *
     * @param id the id
     * @return the index, or -1 if absent
     */
    int indexOf(String id) {
        Integer i = index.get(id);
        return i == null ? -1 : i;
    }
}
