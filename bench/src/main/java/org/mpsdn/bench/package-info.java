/**
 * JMH benchmarks of one regulation cycle.
 */
package org.mpsdn.bench;
