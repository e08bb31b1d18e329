package org.mpsdn.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Base of the mpsdn commands: service lookup (replaceable in tests) and JSON output with the
 * northbound codecs.
 */
public abstract class MpsdnCommand extends AbstractShellCommand {

    /** Service used instead of the OSGi lookup (tests). */
    NorthboundAdminService service;
    /** Codec service used instead of the OSGi lookup (tests). */
    CodecService codecs;

    /**
     * The northbound admin service.
     *
     * @return service
     */
    protected NorthboundAdminService northbound() {
        return service != null ? service : get(NorthboundAdminService.class);
    }

    @Override
    protected abstract void doExecute() throws Exception;

    @Override
    public <T> JsonCodec<T> codec(Class<T> entityClass) {
        return codecs != null ? codecs.getCodec(entityClass) : super.codec(entityClass);
    }

    /**
     * Prints entities as a pretty JSON array.
     *
     * @param type  entity class
     * @param items entities
     * @param <T>   entity type
     */
    protected <T> void printJson(Class<T> type, Iterable<T> items) {
        ArrayNode arr = mapper().createArrayNode();
        JsonCodec<T> c = codec(type);
        for (T t : items) {
            arr.add(c.encode(t, this));
        }
        print("%s", arr.toPrettyString());
    }

    /**
     * Prints entities: a pretty JSON array with {@code -j}, else one line of text each.
     *
     * @param type  entity class
     * @param items entities
     * @param line  the text line of an entity
     * @param <T>   entity type
     */
    protected <T> void printAll(Class<T> type, List<T> items, Function<T, String> line) {
        if (outputJson()) {
            printJson(type, items);
            return;
        }
        items.forEach(t -> print("%s", line.apply(t)));
    }

    /**
     * Prints all entities, or the one named (an error when there is none), as {@link #printAll}.
     *
     * @param what  entity name in the error, e.g. {@code "UE"}
     * @param id    the entity to show, null for all
     * @param one   lookup of one entity
     * @param all   all entities
     * @param type  entity class
     * @param line  the text line of an entity
     * @param <T>   entity type
     */
    protected <T> void listOrShow(String what, String id, Function<String, Optional<T>> one, Supplier<List<T>> all,
                                  Class<T> type, Function<T, String> line) {
        List<T> items;
        if (id != null) {
            Optional<T> item = one.apply(id);
            if (item.isEmpty()) {
                error("No %s %s", what, id);
                return;
            }
            items = List.of(item.get());
        } else {
            items = all.get();
        }
        printAll(type, items, line);
    }

    /**
     * Prints one entity as pretty JSON.
     *
     * @param type entity class
     * @param item entity
     * @param <T>  entity type
     */
    protected <T> void printJson(Class<T> type, T item) {
        print("%s", codec(type).encode(item, this).toPrettyString());
    }
}
