package org.mpsdn.web;

import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.regulation.ManagedFlow;
import org.mpsdn.web.codec.ApInfoCodec;
import org.mpsdn.web.codec.ApOverrideCodec;
import org.mpsdn.web.codec.ManagedFlowCodec;
import org.mpsdn.web.codec.MpsdnIntentCodec;
import org.mpsdn.web.codec.UeInfoCodec;
import org.mpsdn.web.codec.UeRegistrationCodec;
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
        register(codecService);
    }

    /**
     * Unregisters the codecs.
     */
    @Deactivate
    protected void deactivate() {
        codecService.unregisterCodec(ApInfo.class);
        codecService.unregisterCodec(ApOverride.class);
        codecService.unregisterCodec(UeInfo.class);
        codecService.unregisterCodec(UeRegistration.class);
        codecService.unregisterCodec(ManagedFlow.class);
        codecService.unregisterCodec(MpsdnIntent.class);
    }

    /**
     * Registers every codec of this bundle with a codec service.
     *
     * @param service codec service
     */
    public static void register(CodecService service) {
        service.registerCodec(ApInfo.class, new ApInfoCodec());
        service.registerCodec(ApOverride.class, new ApOverrideCodec());
        service.registerCodec(UeInfo.class, new UeInfoCodec());
        service.registerCodec(UeRegistration.class, new UeRegistrationCodec());
        service.registerCodec(ManagedFlow.class, new ManagedFlowCodec());
        service.registerCodec(MpsdnIntent.class, new MpsdnIntentCodec());
    }
}
