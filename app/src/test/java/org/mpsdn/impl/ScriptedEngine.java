package org.mpsdn.impl;

import org.mpsdn.impl.decide.EngineDecision;
import org.mpsdn.impl.decide.EngineInput;
import org.mpsdn.impl.decide.RegulationEngine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Engine whose decisions the test scripts; it records what each cycle saw.
 */
class ScriptedEngine implements RegulationEngine {
    final List<EngineInput> inputs = new ArrayList<>();
    volatile Function<EngineInput, EngineDecision> script = in -> new EngineDecision(Map.of(), Map.of(), Map.of());

    @Override
    public synchronized EngineDecision decide(EngineInput input) {
        inputs.add(input);
        return script.apply(input);
    }

    synchronized EngineInput last() {
        return inputs.get(inputs.size() - 1);
    }
}
