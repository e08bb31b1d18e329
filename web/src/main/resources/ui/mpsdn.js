/*
 * mpsdn page: polls the app's REST API (same origin, the browser's ONOS login) once per regulation
 * interval and renders the APs, the UEs, the detection state and per-AP charts.
 */
(function () {
    'use strict';

    var M = window.MpsdnModel;
    // the API beside the page, built from the origin and path only: a page opened as http://user:pw@host/...
    // has credentials in its base URL, and fetch refuses URLs with credentials
    var API = new URL('../', location.origin + location.pathname).href;
    var history = new M.History();
    var params = null;
    var timer = null;

    function $(id) {
        return document.getElementById(id);
    }

    function h(tag, attrs, children) {
        var e = document.createElement(tag);
        Object.keys(attrs || {}).forEach(function (k) {
            if (k === 'text') {
                e.textContent = attrs[k];
            } else {
                e.setAttribute(k, attrs[k]);
            }
        });
        (children || []).forEach(function (c) { e.appendChild(c); });
        return e;
    }

    function getJson(path) {
        return fetch(API + path, {credentials: 'same-origin', headers: {Accept: 'application/json'}})
            .then(function (r) {
                if (!r.ok) {
                    return r.text().then(function (t) {
                        var msg = t;
                        try { msg = JSON.parse(t).message || t; } catch (e) { /* not JSON */ }
                        throw new Error(path + ': HTTP ' + r.status + (msg ? ' (' + msg + ')' : ''));
                    });
                }
                return r.json();
            });
    }

    function apRows(ap) {
        var dirs = M.directions(ap);
        return dirs.map(function (dir, i) {
            var d = M.decision(ap, dir, params);
            var cells = [];
            if (i === 0) {
                var agent = ap.agent || {};
                cells.push(h('td', {rowspan: dirs.length, 'class': 'ap', text: ap.id}));
                cells.push(h('td', {rowspan: dirs.length, text: ap.kind}));
                cells.push(h('td', {rowspan: dirs.length, 'class': 'agent ' + String(agent.status).toLowerCase(),
                    'data-field': 'agent', text: agent.status + (agent.failsafe ? ' (fail-safe)' : '')}));
                cells.push(h('td', {rowspan: dirs.length, 'data-field': 'flows',
                    text: (ap.flows ? ap.flows.tier1 + ' / ' + ap.flows.tier2 : '–')}));
            }
            var over = d.signal !== null && d.threshold !== null && d.signal > d.threshold;
            cells.push(h('td', {'data-field': 'direction', text: dir}));
            cells.push(h('td', {'data-field': 'signal', 'data-source': d.source, 'class': over ? 'over' : '',
                title: d.source === 'api' ? 'from the API' : 'the API has no deciding signal: occupancy shown'},
                [h('span', {'class': 'name', text: d.signalName + ' '}),
                    h('span', {'class': 'value', text: M.formatRatio(d.signal)}),
                    h('span', {'class': 'vs', text: ' vs ' + d.thresholdName + ' '}),
                    h('span', {'class': 'value', text: M.formatRatio(d.threshold)})]));
            cells.push(h('td', {'data-field': 'limit', 'data-kbps': d.limitKbps === null ? '' : String(d.limitKbps),
                text: M.formatKbps(d.limitKbps)}));
            cells.push(h('td', {'data-field': 'cap', text: d.capKbps === null ? '–' : M.formatKbps(d.capKbps)}));
            cells.push(h('td', {'data-field': 'reason', 'class': 'reason', text: d.reason || '–'}));
            return h('tr', {'data-ap': ap.id, 'data-direction': dir}, cells);
        });
    }

    function renderAps(aps) {
        var body = $('aps-body');
        body.textContent = '';
        aps.forEach(function (ap) { apRows(ap).forEach(function (r) { body.appendChild(r); }); });
        $('aps-empty').hidden = aps.length > 0;
    }

    function renderUes(ues) {
        var body = $('ues-body');
        body.textContent = '';
        ues.forEach(function (ue) {
            var conns = (ue.connections || []).map(M.connection);
            var list = h('ul', {'class': 'conns'}, conns.map(function (c) {
                return h('li', {'data-conn-ap': c.apId, 'data-tier': c.tierName, 'data-primary': String(c.primary),
                    'class': (c.primary ? 'primary ' : '') + c.tierName.toLowerCase()},
                    [h('b', {text: c.apId}), h('span', {text: ' ' + c.ip + ' · ' + c.tier
                        + (c.primary ? ' · primary' : '')})]);
            }));
            body.appendChild(h('tr', {'data-ue': ue.id}, [
                h('td', {'class': 'ue', text: ue.id}),
                h('td', {text: ue.source}),
                h('td', {'data-field': 'multipath', text: ue.multipath ? 'yes' : 'no'}),
                h('td', {'data-field': 'primary', text: ue.primaryAp || '–'}),
                h('td', {}, [list])]));
        });
        $('ues-empty').hidden = ues.length > 0;
    }

    function renderDetection(d) {
        var ev = d.events || {};
        var counters = [['packets', ev.packets], ['MPTCP connections', ev.mptcp_connections],
            ['joins resolved', ev.joins_resolved], ['joins unresolved', ev.joins_unresolved],
            ['malformed frames', d.malformedFrames], ['users grouped', (d.users || []).length],
            ['multipath users', (d.users || []).filter(function (u) { return u.multipath; }).length],
            ['conflicts', (d.conflicts || []).length]];
        var dl = $('detection-counters');
        dl.textContent = '';
        counters.forEach(function (c) {
            dl.appendChild(h('div', {'data-counter': c[0]}, [h('dt', {text: c[0]}),
                h('dd', {text: c[1] === undefined ? '0' : String(c[1])})]));
        });
        var feeds = $('detection-feeds');
        feeds.textContent = '';
        (d.stationFeeds || []).forEach(function (f) {
            feeds.appendChild(h('li', {'data-feed': f.apId, text: f.apId + ': ' + f.stations + ' stations, '
                + f.lists + ' lists, ' + f.entriesRejected + ' entries rejected'
                + (f.lastRejection ? ' (last: ' + f.lastRejection + ')' : '')}));
        });
        var conflicts = $('detection-conflicts');
        conflicts.textContent = '';
        (d.conflicts || []).forEach(function (c) {
            conflicts.appendChild(h('li', {text: c.kind + ' ' + c.subject + ': ' + c.detail}));
        });
    }

    function renderCharts(aps, now) {
        var box = $('charts');
        aps.forEach(function (ap) {
            var fig = box.querySelector('figure[data-ap="' + CSS.escape(ap.id) + '"]');
            if (!fig) {
                fig = h('figure', {'data-ap': ap.id}, [h('figcaption', {text: ap.id + ' (' + ap.kind + ', '
                    + M.formatKbps(ap.capacityKbps) + ')'})]);
                fig.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
                box.appendChild(fig);
            }
            var series = {};
            M.directions(ap).forEach(function (dir) { series[dir] = history.points(ap.id, dir); });
            window.MpsdnCharts.draw(fig.querySelector('svg'), series, ap.capacityKbps, now, M.HISTORY_MS,
                M.formatKbps);
        });
    }

    function status(text, error) {
        var s = $('status');
        s.textContent = text;
        s.className = error ? 'error' : '';
    }

    function refresh() {
        return Promise.all([getJson('parameters'), getJson('aps'), getJson('ues'), getJson('detection')])
            .then(function (r) {
                params = r[0];
                var now = Date.now();
                history.sample(r[1].aps, params, now);
                renderAps(r[1].aps);
                renderUes(r[2].ues);
                renderDetection(r[3]);
                renderCharts(r[1].aps, now);
                $('profile').textContent = params.profile || '–';
                status('updated ' + new Date(now).toLocaleTimeString() + ', every ' + interval() / 1000 + ' s',
                    false);
                document.body.setAttribute('data-loaded', String(now));
            })
            .catch(function (e) {
                status(String(e.message || e), true);
            });
    }

    /** One poll per regulation interval, within 1..10 s. */
    function interval() {
        var ms = params && typeof params.intervalMs === 'number' ? params.intervalMs : 2000;
        return Math.max(1000, Math.min(10000, ms));
    }

    function loop() {
        refresh().then(function () { timer = setTimeout(loop, interval()); });
    }

    document.addEventListener('DOMContentLoaded', loop);
    window.mpsdnPage = {refresh: refresh, stop: function () { clearTimeout(timer); }};
}());
