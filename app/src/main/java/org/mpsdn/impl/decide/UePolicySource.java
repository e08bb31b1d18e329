package org.mpsdn.impl.decide;

import org.mpsdn.core.model.UserPolicy;

import java.util.Map;

/**
 * Supplies the operator's per-UE multipath policies to the regulation loop and learns which of
 * them the loop applied. Register an implementation as an OSGi service; the loop uses it if
 * present.
 */
public interface UePolicySource {

    /**
     * Starts one cycle's use of the policies. Called once per cycle on the loop thread.
     *
     * @return the policies this cycle reads
     */
    Round open();

    /**
     * The policies one cycle read, and the report of what it did with them.
     */
    interface Round {

        /**
         * Policy per UE id for this cycle.
         *
         * @return policies (UEs absent are regulated by default)
         */
        Map<String, UserPolicy> policies();

        /**
         * The cycle decided and applied its decision.
         *
         * @param unmet UE id to the reason its policy could not be applied (met policies absent)
         */
        void applied(Map<String, String> unmet);
    }
}
