package org.mpsdn.api.northbound.codec;

import org.mpsdn.api.detection.DetectionStats;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.ApOverride;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.UeInfo;
import org.mpsdn.api.northbound.UeRegistration;
import org.mpsdn.api.regulation.ManagedFlow;
import org.onosproject.codec.CodecService;

/**
 * Registers the northbound codecs with ONOS's codec service (used by REST, CLI and GUI).
 */
public final class NorthboundCodecs {

    private NorthboundCodecs() {
    }

    /**
     * Registers every northbound codec.
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
        service.registerCodec(EnbSplit.class, new EnbSplitCodec());
        service.registerCodec(DetectionStats.class, new DetectionStatsCodec());
    }

    /**
     * Unregisters every northbound codec.
     *
     * @param service codec service
     */
    public static void unregister(CodecService service) {
        service.unregisterCodec(ApInfo.class);
        service.unregisterCodec(ApOverride.class);
        service.unregisterCodec(UeInfo.class);
        service.unregisterCodec(UeRegistration.class);
        service.unregisterCodec(ManagedFlow.class);
        service.unregisterCodec(MpsdnIntent.class);
        service.unregisterCodec(EnbSplit.class);
        service.unregisterCodec(DetectionStats.class);
    }
}
