package org.mpsdn.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;

import java.util.Map;

/**
 * Shows the regulation parameters, or one of them; a parameter the profile in force ignores is marked
 * {@code (ignored: <reason>)} (JSON: named with its reason in {@code "ignored"}).
 */
@Service
@Command(scope = "onos", name = "mpsdn-params", description = "Shows mpsdn regulation parameters")
public class ParamsCommand extends MpsdnCommand {

    @Argument(index = 0, name = "name", description = "parameter", required = false)
    @Completion(ParameterNameCompleter.class)
    String name = null;

    @Override
    protected void doExecute() {
        Map<String, String> all = northbound().parameters();
        Map<String, String> ignored = northbound().ignoredParameters();
        if (name != null && !all.containsKey(name)) {
            error("No parameter %s (known: %s)", name, all.keySet());
            return;
        }
        if (outputJson()) {
            ObjectNode n = mapper().createObjectNode();
            all.forEach((k, v) -> {
                if (name == null || name.equals(k)) {
                    n.put(k, v);
                }
            });
            ObjectNode ign = n.putObject("ignored");
            ignored.forEach((k, why) -> {
                if (name == null || name.equals(k)) {
                    ign.put(k, why);
                }
            });
            print("%s", n.toPrettyString());
            return;
        }
        all.forEach((k, v) -> {
            if (name == null || name.equals(k)) {
                print("%s=%s%s", k, v, Format.ignored(ignored.get(k)));
            }
        });
    }
}
