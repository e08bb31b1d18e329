/**
 * Multipath-user detection as operators see it: the detector's counters (decoded handshakes,
 * tokens matched, malformed frames, ...), the station lists it was fed, the users it grouped and
 * the conflicts it found, read through {@link org.mpsdn.api.detection.DetectionService}.
 */
package org.mpsdn.api.detection;
