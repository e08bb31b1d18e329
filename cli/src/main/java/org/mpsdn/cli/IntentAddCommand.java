package org.mpsdn.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.mpsdn.api.northbound.EnbDiscipline;
import org.mpsdn.api.northbound.EnbSplit;
import org.mpsdn.api.northbound.IntentBuilder;
import org.mpsdn.api.northbound.IntentKind;
import org.mpsdn.api.northbound.MpsdnIntent;
import org.mpsdn.api.northbound.MultipathMode;
import org.mpsdn.api.northbound.SplitMode;
import org.mpsdn.api.northbound.WeightMode;
import org.mpsdn.api.northbound.codec.JsonFields;
import org.mpsdn.api.northbound.codec.MpsdnIntentCodec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Creates (or updates) an intent.
 * <pre>
 * mpsdn-intent-add policy  ue1 exempt
 * mpsdn-intent-add policy  ue1 pin_primary lte1
 * mpsdn-intent-add enb     lte1 pfs [max_ci] [-c user:ue1=round_robin]
 *     [-s targetUe=ue1,secondPathUe=ue2,dstIp=10.77.0.10,lteShare=0.5,rttMs=50,windowPackets=40
 *         [,dstPort=5201][,mode=shared_buffer][,alpha=1][,beta=0.5][,epochMs=1000]]
 * mpsdn-intent-add weights ue1 automatic | wifi=3 lte=1
 * mpsdn-intent-add steering ue1|* active_standby wifi1 | load_balancing autonomous | wifi1=70 lte1=30
 *     | smallest_delay [rttHysteresisMs] | priority_based  -p precedence
 *     [-t protocol=tcp,dstPrefix=10.77.0.0/24,dstPorts=443-8443,dscp=46]
 * </pre>
 * The steering arguments are read by {@link SteeringArgs}.
 */
@Service
@Command(scope = "onos", name = "mpsdn-intent-add",
        description = "Creates an mpsdn intent: policy <ue> regulate|exempt|pin_primary [ap]; "
                + "enb <enb> <inter> [intra] [-c cluster=discipline] [-s split]; weights <ue> automatic|path=w...; "
                + "steering <ue|*> <mode> [values] -p precedence [-t traffic]")
public class IntentAddCommand extends MpsdnCommand {

    @Argument(index = 0, name = "kind", description = "policy, enb, weights or steering", required = true)
    @Completion(value = StringsCompleter.class, values = {"policy", "enb", "weights", "steering"})
    String kind = null;

    @Argument(index = 1, name = "target", description = "UE (policy, weights, steering; * for all UEs with "
            + "steering) or eNB (enb)", required = true)
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

    @Option(name = "-s", aliases = "--split", description = "enb only: split one TCP flow across LTE and a second "
            + "path, key=value,... with the keys of the REST split object: targetUe, secondPathUe, dstIp, "
            + "lteShare (0..1), rttMs (ms), windowPackets (packets), optional dstPort, mode (fixed_share, "
            + "shared_buffer), alpha (packets/RTT), beta, epochMs (ms)", required = false)
    String split = null;

    @Option(name = "-p", aliases = "--precedence", description = "steering only: precedence 0-255, lower wins "
            + "where intents overlap", required = false)
    String precedence = null;

    @Option(name = "-t", aliases = "--traffic", description = "steering only: the flows, key=value,... with "
            + "protocol (tcp, udp, icmp or a number), dstPrefix, dstPorts (port or low-high), dscp (0-63)",
            required = false)
    String traffic = null;

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
        IntentBuilder b = MpsdnIntent.builder().target(target);
        if (split != null) {
            b.split(parseSplit(split));
        }
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
            case "steering":
                k = IntentKind.STEERING;
                b.steering(SteeringArgs.parse(args == null ? List.of() : args, precedence, traffic));
                break;
            default:
                throw new IllegalArgumentException("kind: must be policy, enb, weights or steering, was '" + kind
                        + "'");
        }
        b.kind(k).id(id != null ? id : MpsdnIntentCodec.defaultId(k, target));
        return b.build();
    }

    /**
     * Parses {@code key=value,...} with the keys of the REST split object.
     *
     * @param text option value
     * @return split
     */
    static EnbSplit parseSplit(String text) {
        EnbSplit.Builder s = EnbSplit.builder();
        for (String item : text.split(",", -1)) {
            String[] kv = pair(item.trim(), "split");
            String key = kv[0];
            String v = kv[1];
            switch (key) {
                case "targetUe":
                    s.targetUe(v);
                    break;
                case "secondPathUe":
                    s.secondPathUe(v);
                    break;
                case "dstIp":
                    s.dstIp(v);
                    break;
                case "mode":
                    s.mode(JsonFields.enumValue("split.mode", v, SplitMode.class));
                    break;
                case "dstPort":
                    try {
                        s.dstPort(Integer.parseInt(v));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("split.dstPort: must be an integer, was '" + v + "'", e);
                    }
                    break;
                case "lteShare":
                    s.lteShare(number(key, v));
                    break;
                case "rttMs":
                    s.rttMs(number(key, v));
                    break;
                case "windowPackets":
                    s.windowPackets(number(key, v));
                    break;
                case "alpha":
                    s.alpha(number(key, v));
                    break;
                case "beta":
                    s.beta(number(key, v));
                    break;
                case "epochMs":
                    s.epochMs(number(key, v));
                    break;
                default:
                    throw new IllegalArgumentException("split." + key + ": unknown field (allowed: targetUe, "
                            + "secondPathUe, dstIp, dstPort, mode, lteShare, rttMs, windowPackets, alpha, beta, "
                            + "epochMs)");
            }
        }
        return s.build();
    }

    private static double number(String key, String v) {
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("split." + key + ": must be a number, was '" + v + "'", e);
        }
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("split." + key + ": must be finite, was '" + v + "'");
        }
        return d;
    }

    private static String[] pair(String s, String field) {
        int eq = s.indexOf('=');
        if (eq <= 0 || eq == s.length() - 1) {
            throw new IllegalArgumentException(field + ": expected name=value, was '" + s + "'");
        }
        return new String[]{s.substring(0, eq), s.substring(eq + 1)};
    }
}
