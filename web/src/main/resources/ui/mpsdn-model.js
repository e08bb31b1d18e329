/*
 * mpsdn page: what the page shows, computed from the REST API's answers (no DOM here; node --test loads it).
 *
 * The deciding signal of each AP direction: an AP answer that carries per-direction decision fields
 * (signal, threshold, limit, cap, reason; either as one record per direction, e.g. ap.decision.downlink,
 * or as one object per field keyed by direction, e.g. ap.signal.downlink) is shown as it is. Otherwise
 * the page shows what the API has: the MAC queue occupancy against the AP's CTh (its override, else the
 * global parameter) and the Tier-2 limit.
 */
(function (root) {
    'use strict';

    var DIRECTIONS = ['downlink', 'uplink'];
    var FIELDS = ['signal', 'threshold', 'limit', 'cap', 'reason'];
    var HISTORY_MS = 5 * 60 * 1000;

    function isObject(v) {
        return v !== null && typeof v === 'object' && !Array.isArray(v);
    }

    function hasDecisionField(o) {
        return isObject(o) && FIELDS.some(function (f) { return f in o; });
    }

    /** Which of FIELDS a property name stands for ("signal", "tier2Threshold", "limitKbps", ...), or null. */
    function fieldOf(name) {
        var n = String(name).toLowerCase();
        if (n === 'tier2limitkbps' || n === 'occupancy') {
            return null;   // the API's existing fields, read by the fallback
        }
        for (var i = 0; i < FIELDS.length; i++) {
            if (n.indexOf(FIELDS[i]) >= 0) {
                return FIELDS[i];
            }
        }
        return null;
    }

    /** The AP's own decision record for a direction, or null when the API does not give one. */
    function decisionRecord(ap, dir) {
        var keys = Object.keys(ap);
        for (var i = 0; i < keys.length; i++) {
            var v = ap[keys[i]];
            if (isObject(v) && hasDecisionField(v[dir])) {
                return v[dir];
            }
        }
        var rec = {};
        var found = false;
        keys.forEach(function (k) {
            var f = fieldOf(k);
            if (f && isObject(ap[k]) && dir in ap[k] && !(f in rec)) {
                rec[f] = ap[k][dir];
                found = true;
            }
        });
        return found ? rec : null;
    }

    function num(v) {
        if (typeof v === 'number' && isFinite(v)) {
            return v;
        }
        if (isObject(v) && typeof v.value === 'number') {
            return v.value;
        }
        return null;
    }

    function name(v, fallback) {
        if (typeof v === 'string') {
            return v;
        }
        if (isObject(v)) {
            return v.name || v.kind || v.id || fallback;
        }
        return fallback;
    }

    /**
     * What decides an AP direction's limit.
     * @return {signal, signalName, threshold, thresholdName, limitKbps (null: unlimited), capKbps, reason,
     *          source ("api" or "occupancy")}
     */
    function decision(ap, dir, params) {
        var limits = ap.tier2LimitKbps || {};
        var rec = decisionRecord(ap, dir);
        var limit = dir in limits ? limits[dir] : null;
        if (rec) {
            var recLimit = num(rec.limit);
            // /aps decision record: signal (its name), signalValue, threshold, targetKbps, capKbps, reason
            var value = num(rec.signalValue);
            return {
                signal: value !== null ? value : num(rec.signal),
                signalName: rec.signalName || rec.signalKind || name(rec.signal, 'signal'),
                threshold: num(rec.threshold),
                thresholdName: rec.thresholdName || name(rec.threshold, 'threshold'),
                limitKbps: recLimit !== null ? recLimit : limit,
                capKbps: num(rec.capKbps) !== null ? num(rec.capKbps) : num(rec.cap),
                reason: typeof rec.reason === 'string' ? rec.reason : (rec.reason ? JSON.stringify(rec.reason) : ''),
                source: 'api'
            };
        }
        var occ = ap.occupancy || {};
        var cth = ap.override && typeof ap.override.cth === 'number' ? ap.override.cth
            : params && typeof params.cth === 'number' ? params.cth : null;
        return {
            signal: dir in occ ? occ[dir] : null,
            signalName: 'MAC occupancy',
            threshold: cth,
            thresholdName: ap.override && typeof ap.override.cth === 'number' ? 'CTh (AP override)' : 'CTh',
            limitKbps: limit,
            capKbps: null,
            reason: '',
            source: 'occupancy'
        };
    }

    /** The directions an AP regulates, lower-case as the API's per-direction keys. */
    function directions(ap) {
        var d = (ap.directions || []).map(function (x) { return String(x).toLowerCase(); });
        return DIRECTIONS.filter(function (x) { return d.indexOf(x) >= 0; });
    }

    /** A rate in kbit/s for people: "unlimited", "850 kb/s", "3.00 Mb/s". */
    function formatKbps(kbps) {
        if (kbps === null || kbps === undefined) {
            return 'unlimited';
        }
        if (kbps >= 1000) {
            return (kbps / 1000).toFixed(kbps >= 100000 ? 0 : 2) + ' Mb/s';
        }
        return Math.round(kbps) + ' kb/s';
    }

    function formatRatio(v) {
        return v === null || v === undefined ? '–' : v.toFixed(2);
    }

    /** One UE connection as the page lists it. */
    function connection(c) {
        return {
            apId: c.apId,
            ip: c.ip,
            tier: c.tier ? (c.tier === 'TIER1' ? 'Tier 1' : 'Tier 2') : 'no tier',
            tierName: c.tier || '',
            primary: !!c.primary
        };
    }

    /**
     * Per-AP history of the last minutes: sample(aps, params, t) appends one point per AP direction
     * {t, signal, threshold, limitKbps} and drops points older than HISTORY_MS.
     */
    function History(windowMs) {
        this.windowMs = windowMs || HISTORY_MS;
        this.series = {};
    }

    History.prototype.sample = function (aps, params, t) {
        var self = this;
        aps.forEach(function (ap) {
            directions(ap).forEach(function (dir) {
                var key = ap.id + '/' + dir;
                var d = decision(ap, dir, params);
                var s = self.series[key] || (self.series[key] = []);
                s.push({t: t, signal: d.signal, threshold: d.threshold, limitKbps: d.limitKbps});
                while (s.length && s[0].t < t - self.windowMs) {
                    s.shift();
                }
            });
        });
    };

    History.prototype.points = function (apId, dir) {
        return this.series[apId + '/' + dir] || [];
    };

    var api = {
        DIRECTIONS: DIRECTIONS,
        HISTORY_MS: HISTORY_MS,
        decision: decision,
        directions: directions,
        formatKbps: formatKbps,
        formatRatio: formatRatio,
        connection: connection,
        History: History
    };
    if (typeof module !== 'undefined' && module.exports) {
        module.exports = api;
    } else {
        root.MpsdnModel = api;
    }
}(this));
