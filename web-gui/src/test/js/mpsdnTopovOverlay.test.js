// Tests of the mpsdn topology overlay JavaScript against a small fake of the ONOS GUI API
// (angular module registry, TopoOverlayService, WebSocketService, FlashService, $log).
// Run: node --test web-gui/src/test/js/
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const SRC = path.join(__dirname, '../../main/resources/app/view/mpsdnTopov/mpsdnTopovOverlay.js');
const JAVA = path.join(__dirname, '../../main/java/org/mpsdn/gui/MpsdnTopoOverlay.java');
const HANDLER = path.join(__dirname, '../../main/java/org/mpsdn/gui/MpsdnTopoMessageHandler.java');
const HIGHLIGHTS = path.join(__dirname, '../../main/java/org/mpsdn/gui/OverlayHighlights.java');

function fakes() {
    const sent = [];
    const flashes = [];
    return {
        sent,
        flashes,
        wss: { sendEvent: (type, payload) => sent.push({ type, payload }) },
        flash: { flash: (msg) => flashes.push(msg) },
        $log: { debug: () => {}, warn: () => {} },
    };
}

// Loads the file like the GUI does (a script with a global angular), with a fake angular.
function loadInFakeGui() {
    const modules = {};
    const angular = {
        module(name, deps) {
            const m = { name, deps, factories: {}, runs: [] };
            m.factory = (n, spec) => { m.factories[n] = spec; return m; };
            m.run = (spec) => { m.runs.push(spec); return m; };
            modules[name] = m;
            return m;
        },
    };
    const context = { window: { angular }, console };
    vm.createContext(context);
    vm.runInContext(fs.readFileSync(SRC, 'utf8'), context, { filename: SRC });
    return modules;
}

function invoke(spec, args) {
    const fn = spec[spec.length - 1];
    return fn(...args);
}

test('overlay id matches the Java overlay', () => {
    const overlay = require(SRC);
    const java = fs.readFileSync(JAVA, 'utf8');
    const m = java.match(/OVERLAY_ID = "([^"]+)"/);
    assert.ok(m, 'OVERLAY_ID not found in MpsdnTopoOverlay.java');
    assert.equal(overlay.OVERLAY_ID, m[1]);
});

test('event names match the Java message handler', () => {
    const overlay = require(SRC);
    const java = fs.readFileSync(HANDLER, 'utf8');
    for (const [key, name] of Object.entries({ START: 'start', STOP: 'stop', REFRESH: 'refresh' })) {
        const m = java.match(new RegExp(key + ' = "([^"]+)"'));
        assert.ok(m, key + ' not found in the handler');
        assert.equal(overlay.EVENTS[name], m[1]);
    }
});

test('registers with the topology overlay service inside the GUI', () => {
    const modules = loadInFakeGui();
    const mod = modules.ovMpsdnTopov;
    assert.ok(mod, 'module ovMpsdnTopov registered');
    const f = fakes();
    const svc = invoke(mod.factories.MpsdnTopovService, [f.$log, f.flash, f.wss]);
    const registered = [];
    const tov = { register: (o) => registered.push(o) };
    assert.equal(mod.runs.length, 1);
    invoke(mod.runs[0], [f.$log, tov, svc]);
    assert.equal(registered.length, 1);
    const o = registered[0];
    assert.equal(o.overlayId, 'mpsdn-overlay');
    assert.deepEqual([...o.keyBindings._keyOrder], ['0', 'V', 'F']); // copy: the vm realm has its own Array
    for (const k of o.keyBindings._keyOrder) {
        assert.equal(typeof o.keyBindings[k].cb, 'function', 'key ' + k);
        assert.ok(o.keyBindings[k].tt.startsWith('mpsdn'), 'tooltip of ' + k);
    }
    assert.equal(o.glyphId, '*mptcp');
    assert.ok(o.glyphs.mptcp.d.length > 0);
});

test('activation starts the occupancy display, deactivation stops it', () => {
    const overlay = require(SRC);
    const f = fakes();
    const svc = overlay.createOverlayService(f);
    const o = overlay.createOverlay(svc, f.$log);
    o.activate();
    assert.deepEqual(f.sent, [{ type: 'mpsdnTopovStart', payload: { mode: 'occupancy' } }]);
    assert.equal(svc.mode(), 'occupancy');
    o.deactivate();
    assert.deepEqual(f.sent[1], { type: 'mpsdnTopovStop', payload: {} });
    assert.equal(svc.mode(), null);
    assert.equal(f.flashes.length, 2);
});

test('key bindings switch modes; the same mode is not re-sent', () => {
    const overlay = require(SRC);
    const f = fakes();
    const svc = overlay.createOverlayService(f);
    const o = overlay.createOverlay(svc, f.$log);
    o.keyBindings.F.cb();
    o.keyBindings.F.cb();
    o.keyBindings.V.cb();
    assert.deepEqual(f.sent.map((e) => e.payload.mode), ['connections', 'occupancy']);
    o.keyBindings['0'].cb();
    o.keyBindings['0'].cb();
    assert.equal(f.sent.filter((e) => e.type === 'mpsdnTopovStop').length, 1, 'stop sent once');
});

test('escape is consumed only while a mode is on', () => {
    const overlay = require(SRC);
    const f = fakes();
    const svc = overlay.createOverlayService(f);
    const o = overlay.createOverlay(svc, f.$log);
    assert.equal(o.hooks.escape(), false);
    svc.start('occupancy');
    assert.equal(o.hooks.escape(), true);
    assert.equal(svc.mode(), null);
});

test('selection refreshes only while a mode is on', () => {
    const overlay = require(SRC);
    const f = fakes();
    const svc = overlay.createOverlayService(f);
    const o = overlay.createOverlay(svc, f.$log);
    o.hooks.single({ id: 'of:0000000000000001' });
    assert.equal(f.sent.length, 0);
    svc.start('connections');
    o.hooks.single({ id: 'of:0000000000000001' });
    assert.deepEqual(f.sent[1], { type: 'mpsdnTopovRefresh', payload: {} });
});

test('unknown modes are rejected naming the mode', () => {
    const overlay = require(SRC);
    const f = fakes();
    const svc = overlay.createOverlayService(f);
    assert.throws(() => svc.start('rainbow'), /mode: must be one of occupancy, connections, was rainbow/);
    assert.equal(f.sent.length, 0);
});

test('the colour legend states the server colouring rule: deciding signal against its threshold', () => {
    const overlay = require(SRC);
    const java = fs.readFileSync(HIGHLIGHTS, 'utf8');
    const m = java.match(/WARN_FRACTION = ([0-9.]+);/);
    assert.ok(m, 'WARN_FRACTION not found in OverlayHighlights.java');
    assert.equal(overlay.WARN_FRACTION, Number(m[1]));
    assert.match(java, /ERROR/, 'the server colours ERROR at or above the threshold');
    const legend = overlay.legend();
    assert.match(legend, /deciding signal/);
    assert.match(legend, /threshold/);
    assert.match(legend, new RegExp(Math.round(Number(m[1]) * 100) + ' % of it'));
    assert.doesNotMatch(legend, /occupancy against CTh/);
    const f = fakes();
    const o = overlay.createOverlay(overlay.createOverlayService(f), f.$log);
    for (const k of ['V', 'F']) {
        assert.ok(o.keyBindings[k].tt.includes(legend), 'tooltip of ' + k + ' explains the colours');
    }
    assert.ok(Object.values(overlay.MODES).every((t) => t.startsWith('deciding signal')));
});
