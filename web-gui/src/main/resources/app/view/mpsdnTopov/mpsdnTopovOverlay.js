// mpsdn topology overlay - client side.
//
// Server side: org.mpsdn.gui.MpsdnTopoMessageHandler (highlights: AP badges with the Tier-2
// limit, coloured by the signal the regulation profile decided on against its threshold, see
// org.mpsdn.gui.OverlayHighlights; UE connections primary vs secondary) and
// org.mpsdn.gui.MpsdnTopoOverlay (AP properties in the device details panel).
// The logic is in plain functions so that it runs under node's test runner; the angular
// registration only happens inside the ONOS GUI.

(function (root) {
    'use strict';

    // NOTE: must match MpsdnTopoOverlay.OVERLAY_ID
    var OVERLAY_ID = 'mpsdn-overlay';
    var EVENTS = {
        start: 'mpsdnTopovStart',
        stop: 'mpsdnTopovStop',
        refresh: 'mpsdnTopovRefresh'
    };
    var MODES = {
        occupancy: 'deciding signal and Tier-2 limits',
        connections: 'deciding signal and UE connections'
    };
    // NOTE: must match OverlayHighlights.WARN_FRACTION (the server colours the badges)
    var WARN_FRACTION = 0.8;

    // What the AP badge colours mean (shown in the key bindings' tooltips).
    function legend() {
        return 'AP colour: the deciding signal (Tier-1 stations under mpsdn, MacOcc under paper) against its '
            + 'threshold: error at or above it, warning from ' + Math.round(WARN_FRACTION * 100)
            + ' % of it or when failed open';
    }

    // Display state machine: talks to the server over the GUI web socket.
    function createOverlayService(deps) {
        var mode = null;

        function start(m) {
            if (!Object.prototype.hasOwnProperty.call(MODES, m)) {
                throw new Error('mode: must be one of ' + Object.keys(MODES).join(', ') + ', was ' + m);
            }
            if (mode === m) {
                deps.$log.debug('mpsdn overlay already in mode', m);
                return false;
            }
            mode = m;
            deps.wss.sendEvent(EVENTS.start, { mode: m });
            deps.flash.flash('mpsdn: ' + MODES[m]);
            return true;
        }

        function stop() {
            if (!mode) {
                return false;
            }
            mode = null;
            deps.wss.sendEvent(EVENTS.stop, {});
            deps.flash.flash('mpsdn: display off');
            return true;
        }

        function refresh() {
            if (mode) {
                deps.wss.sendEvent(EVENTS.refresh, {});
                return true;
            }
            return false;
        }

        function currentMode() {
            return mode;
        }

        return { start: start, stop: stop, refresh: refresh, mode: currentMode };
    }

    // The overlay definition registered with TopoOverlayService.
    function createOverlay(svc, $log) {
        return {
            overlayId: OVERLAY_ID,
            glyphId: '*mptcp',
            tooltip: 'mpsdn multipath access regulation',
            glyphs: {
                mptcp: {
                    vb: '0 0 10 10',
                    d: 'M1,8L5,2L9,8M3,8L5,5L7,8'
                }
            },
            activate: function () {
                svc.start('occupancy');
                $log.debug('mpsdn overlay activated');
            },
            deactivate: function () {
                svc.stop();
                $log.debug('mpsdn overlay deactivated');
            },
            keyBindings: {
                0: { cb: function () { svc.stop(); }, tt: 'mpsdn: display off', gid: 'xMark' },
                V: { cb: function () { svc.start('occupancy'); }, tt: 'mpsdn: ' + MODES.occupancy + '. ' + legend(),
                    gid: '*mptcp' },
                F: { cb: function () { svc.start('connections'); },
                    tt: 'mpsdn: ' + MODES.connections + '. ' + legend(), gid: 'chain' },
                _keyOrder: ['0', 'V', 'F']
            },
            hooks: {
                // ESC: leave the display mode (consumed only when a mode was on)
                escape: function () {
                    return svc.stop();
                },
                // a selected AP switch: fetch fresh highlights (details come with the device panel)
                single: function () {
                    svc.refresh();
                }
            }
        };
    }

    var api = {
        OVERLAY_ID: OVERLAY_ID,
        EVENTS: EVENTS,
        MODES: MODES,
        WARN_FRACTION: WARN_FRACTION,
        legend: legend,
        createOverlayService: createOverlayService,
        createOverlay: createOverlay
    };

    if (typeof module !== 'undefined' && module.exports) {
        module.exports = api;
    }

    if (typeof root.angular !== 'undefined') {
        root.angular.module('ovMpsdnTopov', [])
            .factory('MpsdnTopovService', ['$log', 'FlashService', 'WebSocketService',
                function ($log, flash, wss) {
                    return createOverlayService({ $log: $log, flash: flash, wss: wss });
                }])
            .run(['$log', 'TopoOverlayService', 'MpsdnTopovService',
                function ($log, tov, svc) {
                    tov.register(createOverlay(svc, $log));
                }]);
    }
}(typeof window !== 'undefined' ? window : globalThis));
