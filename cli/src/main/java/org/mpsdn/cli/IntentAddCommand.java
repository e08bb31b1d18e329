package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.northbound.codec.JsonFields;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Creates (or updates) an intent.
 * <pre>
 * mpsdn-intent-add policy  ue1 exempt
 * mpsdn-intent-add policy  ue1 pin_primary lte1
 * mpsdn-intent-add enb     lte1 pfs [max_ci] [-c user:ue1=round_robin]
 * mpsdn-intent-add weights ue1 automatic | wifi=3 lte=1
 * </pre>
 */
@Service
@Command(scope = "onos", name = "mpsdn-intent-add",
        description = "Creates an mpsdn intent: policy <ue> regulate|exempt|pin_primary [ap]; "
                + "enb <enb> <inter> [intra] [-c cluster=discipline]; weights <ue> automatic|path=w...")
public class IntentAddCommand extends MpsdnCommand {

    @Argument(index = 0, name = "kind", description = "policy, enb or weights", required = true)
    @Completion(value = StringsCompleter.class, values = {"policy", "enb", "weights"})
    String kind = null;

    @Argument(index = 1, name = "target", description = "UE (policy, weights) or eNB (enb)", required = true)
    @Completion(UeIdCompleter.class)
    String target = null;

    @Argument(index = 2, name = "args", description = "kind-specific values", required = false,
            multiValued = true)
    List<String> args = new ArrayList<>();

    @Option(name = "-i", aliases = "--id", description = "intent id (default: kind-target)", required = false)
    String id = null;

    @Option(name = "-c", aliases = "--cluster", description = "cluster=discipline (enb)", required = false,
            multiValued = true)
    List<String> clusters = new ArrayList<>();

    @Override
    protected void doExecute() {
        MpsdnIntent intent;
        try {
            intent = build();
            intent = northbound().submitIntent(intent);
        } catch (IllegalArgumentException e) {
            error("%s", e.getMessage());
            return;
        }
        if (outputJson()) {
            printJson(MpsdnIntent.class, intent);
        } else {
            print("%s", Format.intent(intent));
        }
    }

    private String arg(int i, String name) {
        if (args == null || args.size() <= i) {
            throw new IllegalArgumentException(name + ": is mandatory");
        }
        return args.get(i);
    }

    private MpsdnIntent build() {
        MpsdnIntent.Builder b = MpsdnIntent.builder().target(target);
        IntentKind k;
        switch (kind.toLowerCase(Locale.ROOT)) {
            case "policy":
                k = IntentKind.MULTIPATH_POLICY;
                MultipathMode mode = JsonFields.enumValue("mode", arg(0, "mode"), MultipathMode.class);
                b.mode(mode);
                if (args.size() > 1) {
                    b.apId(args.get(1));
                }
                break;
            case "enb":
                k = IntentKind.ENB_SCHEDULING;
                b.interCluster(JsonFields.enumValue("interCluster", arg(0, "interCluster"), EnbDiscipline.class));
                if (args.size() > 1) {
                    b.intraCluster(JsonFields.enumValue("intraCluster", args.get(1), EnbDiscipline.class));
                }
                for (String c : clusters) {
                    String[] kv = pair(c, "cluster");
                    b.clusterOverride(kv[0], JsonFields.enumValue("cluster " + kv[0], kv[1], EnbDiscipline.class));
                }
                break;
            case "weights":
                k = IntentKind.CLIENT_WEIGHTS;
                if ("automatic".equalsIgnoreCase(arg(0, "weights"))) {
                    b.weightMode(WeightMode.AUTOMATIC);
                } else {
                    b.weightMode(WeightMode.MANUAL);
                    for (String w : args) {
                        String[] kv = pair(w, "weights");
                        try {
                            b.weight(kv[0], Integer.parseInt(kv[1]));
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("weights." + kv[0] + ": must be an integer, was '"
                                    + kv[1] + "'", e);
                        }
                    }
                }
                break;
            default:
                throw new IllegalArgumentException("kind: must be policy, enb or weights, was '" + kind + "'");
        }
        b.kind(k).id(id != null ? id : k.name().toLowerCase(Locale.ROOT) + "-" + target);
        return b.build();
    }

    private static String[] pair(String s, String field) {
        int eq = s.indexOf('=');
        if (eq <= 0 || eq == s.length() - 1) {
            throw new IllegalArgumentException(field + ": expected name=value, was '" + s + "'");
        }
        return new String[]{s.substring(0, eq), s.substring(eq + 1)};
    }
}
