/**
 * Algorithm 1 of MP-SDN (flow categorization): primary-connection selection with the baseline
 * and priority-based deadlock breakers, and the tier rule for flows.
 */
package org.mpsdn.core.categorize;
