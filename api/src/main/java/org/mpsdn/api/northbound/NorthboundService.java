package org.mpsdn.api.northbound;

import org.mpsdn.api.model.Tier;
import org.mpsdn.api.regulation.ManagedFlow;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Read side of the northbound API.
 */
public interface NorthboundService {

    /**
     * Names of the global parameters, in display order. {@code profile} shows the regulation
     * profile in force: the app's netcfg {@code profile} when it sets one, else this parameter;
     * {@code tier1Threshold} is what the mpsdn profile compares its Tier-1 station signal with;
     * {@code meterLadderRatio} the ratio between the rates of the pre-installed Tier-2 meters (1: no ladder);
     * {@code hysteresis} the primary re-selection margin h (a primary is kept unless another connection promises
     * more than (1 + h) times as much; 0: none).
     */
    List<String> PARAMETER_NAMES = List.of("intervalMs", "cth", "alpha", "rmKbps", "deadlockBreaker",
            "failOpenDelayMs", "flowIdleTimeoutSec", "meterBurstMs", "profile", "tier1Threshold",
            "meterLadderRatio", "hysteresis");

    /**
     * Returns every configured AP.
     *
     * @return APs in config order
     */
    List<ApInfo> aps();

    /**
     * Returns one AP.
     *
     * @param apId AP id
     * @return the AP, empty if it is not configured
     */
    Optional<ApInfo> ap(String apId);

    /**
     * Returns every known UE (registered, or seen as a station of an AP).
     *
     * @return UEs sorted by id
     */
    List<UeInfo> ues();

    /**
     * Returns one UE.
     *
     * @param ueId UE id
     * @return the UE, empty if unknown
     */
    Optional<UeInfo> ue(String ueId);

    /**
     * Returns the managed flows matching a filter (null matches everything).
     *
     * @param apId AP id or null
     * @param ueId UE id or null
     * @param tier tier or null
     * @return flows
     */
    List<ManagedFlow> flows(String apId, String ueId, Tier tier);

    /**
     * Returns the global regulation parameters in force.
     *
     * @return name to value (as text)
     */
    Map<String, String> parameters();

    /**
     * Returns the global parameters the profile in force ignores, each with the reason: {@code tier1Threshold}
     * under paper; {@code cth} under mpsdn unless some AP's last decision read MacOcc (an agent that reports no
     * station queue).
     *
     * @return name to reason, in {@link #PARAMETER_NAMES} order; empty when every parameter is read
     */
    Map<String, String> ignoredParameters();

    /**
     * Returns every intent.
     *
     * @return intents sorted by id
     */
    List<MpsdnIntent> intents();

    /**
     * Returns one intent.
     *
     * @param intentId intent id
     * @return the intent, empty if unknown
     */
    Optional<MpsdnIntent> intent(String intentId);
}
