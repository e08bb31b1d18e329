package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;

import java.util.Map;

/**
 * Sets one regulation parameter (validated by the app).
 */
@Service
@Command(scope = "onos", name = "mpsdn-params-set", description = "Sets an mpsdn regulation parameter")
public class ParamsSetCommand extends MpsdnCommand {

    @Argument(index = 0, name = "name", description = "parameter", required = true)
    @Completion(ParameterNameCompleter.class)
    String name = null;

    @Argument(index = 1, name = "value", description = "new value", required = true)
    String value = null;

    @Override
    protected void doExecute() {
        try {
            Map<String, String> now = northbound().setParameters(Map.of(name, value));
            print("%s=%s%s", name, now.get(name), Format.ignored(northbound().ignoredParameters().get(name)));
        } catch (IllegalArgumentException e) {
            error("%s", e.getMessage());
        }
    }
}
