package org.mpsdn.impl.flow;

import org.mpsdn.api.model.Direction;
import org.mpsdn.api.model.Tier;
import org.mpsdn.impl.config.ApSpec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PortCriterion;

import java.util.Objects;
import java.util.Optional;

/**
 * One of the app's per-flow rules at an AP switch, read back from the rule: the one place that
 * says what a per-flow rule is (the app's rule in {@link TierRules#FLOW_TABLE} at
 * {@link TierRules#FLOW_PRIORITY}) and what it carries (5-tuple, direction from its in-port,
 * tier from its treatment).
 */
public final class PerFlowRule {
    private final FlowMatch match;
    private final Direction direction;
    private final Tier tier;

    private PerFlowRule(FlowMatch match, Direction direction, Tier tier) {
        this.match = match;
        this.direction = direction;
        this.tier = tier;
    }

    /**
     * Whether a rule is one of the app's per-flow rules (by app, table and priority).
     *
     * @param rule  a flow rule
     * @param appId the app's id
     * @return true for a per-flow rule of the app
     */
    public static boolean isPerFlowRule(FlowRule rule, ApplicationId appId) {
        return rule.appId() == appId.id() && rule.tableId() == TierRules.FLOW_TABLE
                && rule.priority() == TierRules.FLOW_PRIORITY;
    }

    /**
     * Reads a per-flow rule of an AP switch.
     *
     * @param appId the app's id
     * @param ap    the AP whose switch holds the rule
     * @param rule  a rule of that switch
     * @return its 5-tuple, direction and tier; empty if it is not a per-flow rule of the app or
     *         its match is not a 5-tuple from one of the AP's two ports
     */
    public static Optional<PerFlowRule> of(ApplicationId appId, ApSpec ap, FlowRule rule) {
        if (!isPerFlowRule(rule, appId)) {
            return Optional.empty();
        }
        Optional<FlowMatch> m = FlowMatch.fromSelector(rule.selector());
        PortCriterion in = (PortCriterion) rule.selector().getCriterion(Criterion.Type.IN_PORT);
        if (m.isEmpty() || in == null) {
            return Optional.empty();
        }
        return TierRules.directionOf(ap, in.port()).map(d -> new PerFlowRule(m.get(), d, tierOf(rule)));
    }

    /**
     * The tier a per-flow rule implements: Tier 2 goes to the meter table.
     *
     * @param rule a per-flow rule
     * @return its tier
     */
    public static Tier tierOf(FlowRule rule) {
        return rule.treatment().tableTransition() != null ? Tier.TIER2 : Tier.TIER1;
    }

    /**
     * Whether a rule is exactly what {@link TierRules#flowRule} builds for this rule's 5-tuple,
     * direction and tier (a rule that is not is stale: reconciliation replaces it).
     *
     * @param rule           the rule this was read from
     * @param appId          the app's id
     * @param ap             the AP
     * @param idleTimeoutSec idle timeout in force
     * @return true if selector and treatment are the expected ones
     */
    public boolean isExactly(FlowRule rule, ApplicationId appId, ApSpec ap, int idleTimeoutSec) {
        FlowRule expected = TierRules.flowRule(appId, ap, direction, match, tier, idleTimeoutSec);
        return expected.selector().equals(rule.selector()) && expected.treatment().equals(rule.treatment());
    }

    /** @return the flow's 5-tuple */
    public FlowMatch match() {
        return match;
    }

    /** @return the flow's direction */
    public Direction direction() {
        return direction;
    }

    /** @return the tier the rule implements */
    public Tier tier() {
        return tier;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PerFlowRule)) {
            return false;
        }
        PerFlowRule r = (PerFlowRule) o;
        return match.equals(r.match) && direction == r.direction && tier == r.tier;
    }

    @Override
    public int hashCode() {
        return Objects.hash(match, direction, tier);
    }

    @Override
    public String toString() {
        return direction + " " + match + " " + tier;
    }
}
