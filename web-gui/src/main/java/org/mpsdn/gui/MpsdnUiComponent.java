package org.mpsdn.gui;

import org.mpsdn.api.northbound.NorthboundService;
import org.onosproject.ui.UiExtension;
import org.onosproject.ui.UiExtensionService;
import org.onosproject.ui.UiMessageHandlerFactory;
import org.onosproject.ui.UiTopoOverlayFactory;
import org.onosproject.ui.UiView;
import org.onosproject.ui.UiViewHidden;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

import java.util.List;

/**
 * Registers the mpsdn topology overlay with the ONOS GUI.
 *
 * <p>The overlay is shown by the legacy GUI ({@code org.onosproject.gui}) only. ONOS 2.7.0 starts
 * GUI2 by default, which also provides {@link UiExtensionService} (so this component activates) but
 * injects no extension JavaScript into its page and has no overlay hook in its topology view;
 * {@code docs/northbound.md} cites the ONOS sources and gives the commands that switch to the legacy GUI.</p>
 */
@Component(immediate = true)
public class MpsdnUiComponent {
    /** Resource path of the overlay's web resources. */
    static final String RESOURCE_PATH = "mpsdnTopov";

    private static final ClassLoader CL = MpsdnUiComponent.class.getClassLoader();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected UiExtensionService uiExtensionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NorthboundService northbound;

    private final List<UiView> views = List.of(new UiViewHidden(RESOURCE_PATH));
    private final UiMessageHandlerFactory handlers = () -> List.of(new MpsdnTopoMessageHandler());
    private final UiTopoOverlayFactory overlays = () -> List.of(new MpsdnTopoOverlay(() -> northbound));
    private final UiExtension extension = new UiExtension.Builder(CL, views).resourcePath(RESOURCE_PATH)
            .messageHandlerFactory(handlers).topoOverlayFactory(overlays).build();

    /**
     * Registers the extension.
     */
    @Activate
    protected void activate() {
        uiExtensionService.register(extension);
    }

    /**
     * Unregisters the extension.
     */
    @Deactivate
    protected void deactivate() {
        uiExtensionService.unregister(extension);
    }
}
