package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.ApInfo;
import org.mpsdn.api.northbound.NorthboundService;
import org.onosproject.cli.AbstractChoicesCompleter;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes configured AP ids.
 */
@Service
public class ApIdCompleter extends AbstractChoicesCompleter {
    /** Service used instead of the OSGi lookup (tests). */
    NorthboundService service;

    @Override
    protected List<String> choices() {
        NorthboundService s = service != null ? service : get(NorthboundService.class);
        return s.aps().stream().map(ApInfo::id).collect(Collectors.toList());
    }
}
