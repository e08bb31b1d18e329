package org.mpsdn.web;

import org.mpsdn.api.northbound.codec.NorthboundCodecs;
import org.onosproject.codec.CodecService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

/**
 * Registers the JSON codecs of the northbound types with ONOS's codec service.
 */
@Component(immediate = true)
public class MpsdnCodecRegistrator {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    /**
     * Registers the codecs.
     */
    @Activate
    protected void activate() {
        NorthboundCodecs.register(codecService);
    }

    /**
     * Unregisters the codecs.
     */
    @Deactivate
    protected void deactivate() {
        NorthboundCodecs.unregister(codecService);
    }
}
