// node --test: what the mpsdn page derives from the REST API's answers (web/src/main/resources/ui/mpsdn-model.js)
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const M = require(path.join(__dirname, '../../main/resources/ui/mpsdn-model.js'));

const today = {
    id: 'wifi', kind: 'WIFI', capacityKbps: 50000, directions: ['DOWNLINK', 'UPLINK'], override: {},
    occupancy: {downlink: 0.91, uplink: 0.2}, tier2LimitKbps: {downlink: 3000},
    flows: {tier1: 2, tier2: 1}, agent: {status: 'OK'}
};

test('without decision fields: MAC occupancy against the global CTh, limit or unlimited', () => {
    const down = M.decision(today, 'downlink', {cth: 0.85});
    assert.deepStrictEqual([down.source, down.signal, down.threshold, down.thresholdName, down.limitKbps],
        ['occupancy', 0.91, 0.85, 'CTh', 3000]);
    const up = M.decision(today, 'uplink', {cth: 0.85});
    assert.strictEqual(up.limitKbps, null);
    assert.strictEqual(M.formatKbps(up.limitKbps), 'unlimited');
});

test('an AP override of CTh is the threshold', () => {
    const ap = Object.assign({}, today, {override: {cth: 0.6}});
    const d = M.decision(ap, 'downlink', {cth: 0.85});
    assert.deepStrictEqual([d.threshold, d.thresholdName], [0.6, 'CTh (AP override)']);
});

test('decision fields as one record per direction are shown as given', () => {
    const ap = Object.assign({}, today, {decision: {downlink: {signal: 0.42, signalName: 'Tier-1 station queue',
        threshold: 0.4, limit: 2500, cap: 9000, reason: 'decrease: Tier-1 signal above threshold'}}});
    const d = M.decision(ap, 'downlink', {cth: 0.85});
    assert.deepStrictEqual([d.source, d.signal, d.signalName, d.threshold, d.limitKbps, d.capKbps, d.reason],
        ['api', 0.42, 'Tier-1 station queue', 0.4, 2500, 9000, 'decrease: Tier-1 signal above threshold']);
    assert.strictEqual(M.decision(ap, 'uplink', {}).source, 'occupancy');
});

test('decision fields as one object per field keyed by direction', () => {
    const ap = Object.assign({}, today, {signal: {downlink: 0.3}, threshold: {downlink: 0.4},
        reason: {downlink: 'hold'}});
    const d = M.decision(ap, 'downlink', {cth: 0.85});
    assert.deepStrictEqual([d.source, d.signal, d.threshold, d.limitKbps, d.reason], ['api', 0.3, 0.4, 3000, 'hold']);
});

test('rates for people', () => {
    assert.strictEqual(M.formatKbps(850), '850 kb/s');
    assert.strictEqual(M.formatKbps(3000), '3.00 Mb/s');
    assert.strictEqual(M.formatKbps(null), 'unlimited');
});

test('history keeps the last minutes per AP direction', () => {
    const h = new M.History(60000);
    h.sample([today], {cth: 0.85}, 0);
    h.sample([today], {cth: 0.85}, 30000);
    h.sample([today], {cth: 0.85}, 90000);
    assert.deepStrictEqual(h.points('wifi', 'downlink').map(p => p.t), [30000, 90000]);
    assert.strictEqual(h.points('wifi', 'uplink')[0].limitKbps, null);
    assert.deepStrictEqual(h.points('lte', 'downlink'), []);
});
