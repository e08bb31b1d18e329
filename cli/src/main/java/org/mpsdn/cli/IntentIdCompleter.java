package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.NorthboundService;
import org.onosproject.cli.AbstractChoicesCompleter;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes intent ids.
 */
@Service
public class IntentIdCompleter extends AbstractChoicesCompleter {
    /** Service used instead of the OSGi lookup (tests). */
    NorthboundService service;

    @Override
    protected List<String> choices() {
        NorthboundService s = service != null ? service : get(NorthboundService.class);
        return s.intents().stream().map(MpsdnIntent::id).collect(Collectors.toList());
    }
}
