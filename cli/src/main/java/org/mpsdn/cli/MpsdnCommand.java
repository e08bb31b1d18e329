package org.mpsdn.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.mpsdn.api.northbound.NorthboundAdminService;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;

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
