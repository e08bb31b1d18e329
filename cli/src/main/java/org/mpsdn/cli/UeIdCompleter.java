package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.NorthboundService;
import org.mpsdn.api.northbound.UeInfo;
import org.onosproject.cli.AbstractChoicesCompleter;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/**
 * Completes known UE ids.
 */
@Service
public class UeIdCompleter extends AbstractChoicesCompleter {
    /** Service used instead of the OSGi lookup (tests). */
    NorthboundService service;

    @Override
    protected List<String> choices() {
        NorthboundService s = service != null ? service : get(NorthboundService.class);
        return s.ues().stream().map(UeInfo::id).collect(Collectors.toList());
    }
}
