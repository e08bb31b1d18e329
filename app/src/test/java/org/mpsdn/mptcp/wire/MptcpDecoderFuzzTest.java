package org.mpsdn.mptcp.wire;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Jazzer fuzz test of the packet decoder and MPTCP option parser ({@link MptcpDecoderFuzzTarget}).
 * Normal test runs replay the seeds under {@code MptcpDecoderFuzzTestInputs/decode} (regression mode);
 * with {@code JAZZER_FUZZ=1} it fuzzes for 30 s.
 */
class MptcpDecoderFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void decode(byte[] input) {
        MptcpDecoderFuzzTarget.fuzzerTestOneInput(input);
    }
}
