package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.mpsdn.api.northbound.NorthboundService;
import org.onosproject.cli.AbstractChoicesCompleter;

import java.util.List;

/**
 * Completes parameter names.
 */
@Service
public class ParameterNameCompleter extends AbstractChoicesCompleter {
    @Override
    protected List<String> choices() {
        return NorthboundService.PARAMETER_NAMES;
    }
}
